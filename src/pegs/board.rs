//! A position of the English board: which of the 33 holes hold pegs.

use super::error::PegError;
use super::geometry::{CENTRE, HOLES};
use super::jump::{all_jumps, for_each_legal, has_legal, Jump};
use super::symmetry::{canonical_bits, transform_bits, SYMMETRIES};
use crate::rng::SplitMix64;

/// The bits of all 33 holes.
const ALL: u64 = (1u64 << HOLES) - 1;

/// A position: bit `h` of a `u64` says whether hole `h` holds a peg (see
/// [`super::geometry`] for the numbering). Bits from 33 up are always clear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PegBoard {
    bits: u64,
}

impl PegBoard {
    /// The board without pegs.
    pub const fn empty() -> PegBoard {
        PegBoard { bits: 0 }
    }

    /// The board with a peg in every hole.
    pub const fn full() -> PegBoard {
        PegBoard { bits: ALL }
    }

    /// The classic start: every hole but the centre holds a peg.
    pub const fn classic() -> PegBoard {
        PegBoard {
            bits: ALL & !(1u64 << CENTRE),
        }
    }

    /// The board whose pegs are the set bits of `bits`; an error if a bit
    /// from 33 up is set.
    pub const fn from_bits(bits: u64) -> Result<PegBoard, PegError> {
        if bits & !ALL != 0 {
            return Err(PegError::BitsOffBoard { bits });
        }
        Ok(PegBoard { bits })
    }

    /// The board with pegs in the given holes; an error if one is off the
    /// board.
    pub fn with_pegs(holes: &[usize]) -> Result<PegBoard, PegError> {
        let mut bits = 0u64;
        for &hole in holes {
            if hole >= HOLES {
                return Err(PegError::NoSuchHole { hole });
            }
            bits |= 1 << hole;
        }
        Ok(PegBoard { bits })
    }

    /// The pegs as bits: bit `h` is set when hole `h` holds a peg.
    pub const fn bits(&self) -> u64 {
        self.bits
    }

    /// Whether `hole` holds a peg (never, for a number off the board).
    pub const fn has_peg(&self, hole: usize) -> bool {
        hole < HOLES && self.bits & (1 << hole) != 0
    }

    /// The board with a peg added at `hole` if it was empty, or taken off if
    /// not (for editing positions). A number off the board changes nothing.
    pub const fn toggled(&self, hole: usize) -> PegBoard {
        if hole >= HOLES {
            return *self;
        }
        PegBoard {
            bits: self.bits ^ (1 << hole),
        }
    }

    /// The number of pegs: 0 to 33, one at most in each hole.
    pub const fn count(&self) -> u32 {
        self.bits.count_ones()
    }

    /// The holes that hold pegs, in increasing order.
    pub fn pegs(&self) -> impl Iterator<Item = usize> {
        let board = *self;
        (0..HOLES).filter(move |&hole| board.has_peg(hole))
    }

    /// Whether `jump` is one of the board's jumps and can be made here: a peg
    /// to jump with, a peg to jump over, an empty hole to land in.
    pub fn can_jump(&self, jump: Jump) -> bool {
        self.check(jump).is_ok()
    }

    /// The board after `jump`, or why it cannot be made.
    pub fn apply(&self, jump: Jump) -> Result<PegBoard, PegError> {
        self.check(jump)?;
        Ok(self.jumped(jump))
    }

    /// The board after the jumps in order, or the first that cannot be made.
    pub fn apply_all(&self, jumps: &[Jump]) -> Result<PegBoard, PegError> {
        jumps
            .iter()
            .try_fold(*self, |board, &jump| board.apply(jump))
    }

    fn check(&self, jump: Jump) -> Result<(), PegError> {
        if !jump.is_on_board() {
            return Err(PegError::NotAJump { jump });
        }
        let (from, over, to) = (jump.from.into(), jump.over.into(), jump.to.into());
        if !self.has_peg(from) {
            return Err(PegError::NoPegToMove { hole: from });
        }
        if !self.has_peg(over) {
            return Err(PegError::NoPegToJumpOver { hole: over });
        }
        if self.has_peg(to) {
            return Err(PegError::LandingOccupied { hole: to });
        }
        Ok(())
    }

    /// The board after a jump known to be legal here.
    #[inline]
    pub(crate) fn jumped(&self, jump: Jump) -> PegBoard {
        debug_assert!(self.check(jump).is_ok(), "{jump} is not legal here");
        PegBoard {
            bits: self.bits ^ jump.mask(),
        }
    }

    /// The legal jumps, in increasing order (by the hole jumped from, then
    /// the hole jumped over).
    pub fn jumps(&self) -> Vec<Jump> {
        let mut jumps = Vec::new();
        for_each_legal(self.bits, |jump| jumps.push(jump));
        jumps.sort_unstable();
        jumps
    }

    /// The legal jumps of the peg at `hole`, in increasing order; none if the
    /// hole is empty or off the board.
    pub fn jumps_from(&self, hole: usize) -> Vec<Jump> {
        if !self.has_peg(hole) {
            return Vec::new();
        }
        all_jumps()
            .iter()
            .filter(|jump| usize::from(jump.from) == hole && self.can_jump(**jump))
            .copied()
            .collect()
    }

    /// Whether no jump can be made: the game is over.
    pub fn is_stuck(&self) -> bool {
        !has_legal(self.bits)
    }

    /// The position after `jumps` legal jumps, each drawn uniformly from
    /// those available (fewer if the game gets stuck): positions a player
    /// could reach, for tests and benchmarks. The same generator state gives
    /// the same position.
    pub fn after_random_jumps(&self, rng: &mut SplitMix64, jumps: usize) -> PegBoard {
        let mut board = *self;
        for _ in 0..jumps {
            let legal = board.jumps();
            if legal.is_empty() {
                break;
            }
            let jump = legal[rng.below(legal.len() as u64) as usize];
            board = board.apply(jump).expect("legal jumps apply");
        }
        board
    }

    /// The board under symmetry `sym` of the square (taken modulo
    /// [`SYMMETRIES`]; see [`super::symmetry`] for the numbering).
    pub fn transformed(&self, sym: usize) -> PegBoard {
        PegBoard {
            bits: transform_bits(sym % SYMMETRIES, self.bits),
        }
    }

    /// The smallest of the bits of the board's eight images: equal for two
    /// boards exactly when one is a rotation or reflection of the other.
    pub fn canonical(&self) -> u64 {
        canonical_bits(self.bits, u8::MAX)
    }
}
