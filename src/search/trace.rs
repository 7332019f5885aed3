//! What a search did, expansion by expansion: enough to show its open and
//! closed sets, and each place's g and h, as they stood after any number of
//! expansions (the route game's search lab plays it back, steps it and
//! scrubs it).
//!
//! Places are numbered densely (a grid's pixel index, a waypoint's index).
//! The record is flat arrays, a few bytes an entry, with nothing allocated
//! per entry: on a 2-megapixel map the whole search stays a few tens of
//! megabytes. Costs are `f32` in the problem's own units; the caller scales
//! them (a grid's whole-number steps to pixels, say).

/// A search's record: each expansion's place and its g, and the places each
/// expansion opened (met for the first time) or improved (met again more
/// cheaply), with their g and h.
///
/// Openings made before the first expansion (the start's) are counted
/// apart: expansion `i`'s openings are `opened[ends[i]..ends[i + 1]]`,
/// where `ends` is [`Trace::opened_ends`], which holds one entry more than
/// there are expansions once anything is recorded.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// The place each expansion expanded, in order (a place expanded again,
    /// when a cheaper way to it turned up, appears again).
    pub expanded: Vec<u32>,
    /// The g (cost from the start) of each expanded place as it was
    /// expanded.
    pub expanded_g: Vec<f32>,
    /// Where the openings before each expansion end in `opened` (see the
    /// type's description): `opened_ends[0]` openings came before the first
    /// expansion.
    pub opened_ends: Vec<u32>,
    /// The places opened or improved, in order.
    pub opened: Vec<u32>,
    /// The g each was opened or improved at.
    pub opened_g: Vec<f32>,
    /// The h (the estimate to the goal) of each, as the search ordered it
    /// (unweighted).
    pub opened_h: Vec<f32>,
    /// Whether the places recorded are jump points (a jump point search's
    /// open and closed places are the points it jumped to, far apart).
    pub jump_points: bool,
    /// Whether two searches recorded it together, one from each end (a
    /// bidirectional search): a place is then closed once either side has
    /// expanded it, even when the other side meets it later and opens it
    /// on its own list. (Each side's estimate is consistent, so neither
    /// reopens a place it closed itself.)
    pub two_sided: bool,
}

/// Where one place stands in a search after some number of expansions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlaceState {
    /// Not met yet.
    Unseen,
    /// Met and waiting to be expanded (on the open list), at this g and h.
    Open {
        /// The cost from the start by the best way found so far.
        g: f32,
        /// The estimate to the goal.
        h: f32,
    },
    /// Expanded (in the closed set), at this g and h.
    Closed {
        /// The cost from the start it was expanded at.
        g: f32,
        /// The estimate to the goal.
        h: f32,
    },
}

/// What a place is in a picture of the search (see [`Trace::sets_at`]).
pub const UNSEEN: u8 = 0;
/// A place waiting on the open list.
pub const OPEN: u8 = 1;
/// A place expanded.
pub const CLOSED: u8 = 2;

impl Trace {
    /// How many expansions are recorded.
    pub fn len(&self) -> usize {
        self.expanded.len()
    }

    /// Whether nothing was expanded.
    pub fn is_empty(&self) -> bool {
        self.expanded.is_empty()
    }

    /// A record of expansions alone, without their costs or what they
    /// opened (what older answers carried): g reads as NaN, and nothing is
    /// ever open.
    pub fn expansions_only(expanded: Vec<u32>) -> Trace {
        Trace {
            expanded_g: vec![f32::NAN; expanded.len()],
            opened_ends: vec![0; expanded.len() + 1],
            expanded,
            ..Trace::default()
        }
    }

    /// Whether the record holds together, as a search writes it (a record
    /// read from a message may not): costs for every place, and the
    /// openings' ends one for each expansion and one more, in order, within
    /// the openings.
    ///
    /// # Errors
    /// What does not hold.
    pub fn check(&self) -> Result<(), String> {
        if self.expanded_g.len() != self.expanded.len() {
            return Err("the trace has not one g for each expansion".into());
        }
        if self.opened_g.len() != self.opened.len() || self.opened_h.len() != self.opened.len() {
            return Err("the trace has not one g and one h for each place opened".into());
        }
        let ends_fit = if self.opened_ends.is_empty() {
            self.expanded.is_empty() && self.opened.is_empty()
        } else {
            self.opened_ends.len() == self.expanded.len() + 1
                && self.opened_ends.windows(2).all(|w| w[0] <= w[1])
                && self
                    .opened_ends
                    .last()
                    .is_some_and(|&end| end as usize == self.opened.len())
        };
        if ends_fit {
            Ok(())
        } else {
            Err("the trace's openings do not follow its expansions".into())
        }
    }

    /// Records that `place` was opened, or improved, at cost `g` with
    /// estimate `h`: before the first expansion (the start), or by the
    /// expansion recorded last.
    #[inline]
    pub fn open(&mut self, place: u32, g: f32, h: f32) {
        if self.opened_ends.is_empty() {
            self.opened_ends.push(0);
        }
        self.opened.push(place);
        self.opened_g.push(g);
        self.opened_h.push(h);
        *self.opened_ends.last_mut().expect("pushed above") += 1;
    }

    /// Records that `place` was expanded at cost `g`; the openings recorded
    /// next are this expansion's.
    #[inline]
    pub fn expand(&mut self, place: u32, g: f32) {
        if self.opened_ends.is_empty() {
            self.opened_ends.push(0);
        }
        self.expanded.push(place);
        self.expanded_g.push(g);
        let end = *self.opened_ends.last().expect("pushed above");
        self.opened_ends.push(end);
    }

    /// The same record with every cost multiplied by `scale` (a grid's
    /// whole-number step costs turned into pixels).
    pub fn scaled(mut self, scale: f32) -> Trace {
        for cost in self
            .expanded_g
            .iter_mut()
            .chain(&mut self.opened_g)
            .chain(&mut self.opened_h)
        {
            *cost *= scale;
        }
        self
    }

    /// How many openings came before expansion `count` (after `count`
    /// expansions): the openings shown with them.
    fn openings_before(&self, count: usize) -> usize {
        match self.opened_ends.get(count) {
            Some(&end) => end as usize,
            None => self.opened.len(),
        }
    }

    /// Where `place` stands after the first `count` expansions (all of
    /// them when `count` is past the end): its state, g and h then. Reads
    /// the record up to there once.
    pub fn state_at(&self, place: u32, count: usize) -> PlaceState {
        let count = count.min(self.len());
        let openings = self.openings_before(count);
        // The last opening and the last expansion of the place by then:
        // whichever came later says where it stands (an opening made by
        // expansion i comes after expansion i).
        let opened = self.opened[..openings]
            .iter()
            .rposition(|&p| p == place)
            .map(|i| (i, self.opened_g[i], self.opened_h[i]));
        let Some((opening, g, h)) = opened else {
            return PlaceState::Unseen;
        };
        let expanded = self.expanded[..count].iter().rposition(|&p| p == place);
        if let Some(i) = expanded.filter(|_| self.two_sided) {
            // Closed by one side, whatever the other did since; its h is
            // the one it was expanded with (its last opening before then).
            let before = self.opened_ends[i] as usize;
            let h = self.opened[..before]
                .iter()
                .rposition(|&p| p == place)
                .map_or(h, |j| self.opened_h[j]);
            return PlaceState::Closed {
                g: self.expanded_g[i],
                h,
            };
        }
        match expanded {
            // Expansion i's own openings are counted from opened_ends[i]:
            // an opening before that came before the expansion.
            Some(i) if opening < self.opened_ends[i] as usize => PlaceState::Closed {
                g: self.expanded_g[i],
                h,
            },
            _ => PlaceState::Open { g, h },
        }
    }

    /// The picture of the search after the first `count` expansions: for
    /// each of `places` places, [`UNSEEN`], [`OPEN`] or [`CLOSED`].
    pub fn sets_at(&self, places: usize, count: usize) -> Vec<u8> {
        let mut sets = vec![UNSEEN; places];
        self.advance(&mut sets, 0, count);
        sets
    }

    /// Brings a picture from `sets_at(.., from)` to `sets_at(.., to)`, for
    /// `from <= to`: only the expansions between are read.
    pub fn advance(&self, sets: &mut [u8], from: usize, to: usize) {
        let to = to.min(self.len());
        if from > to {
            return;
        }
        // In a two-sided record, closed by either side stays closed.
        let sticky = self.two_sided;
        let mut mark = |place: u32, set: u8| {
            if let Some(slot) = sets.get_mut(place as usize) {
                if !(sticky && *slot == CLOSED) {
                    *slot = set;
                }
            }
        };
        if from == 0 {
            for &place in &self.opened[..self.openings_before(0)] {
                mark(place, OPEN);
            }
        }
        for i in from..to {
            mark(self.expanded[i], CLOSED);
            let (start, end) = (
                self.opened_ends[i] as usize,
                self.opened_ends[i + 1] as usize,
            );
            for &place in &self.opened[start..end] {
                mark(place, OPEN);
            }
        }
    }
}
