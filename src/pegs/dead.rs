//! A bounded table of positions from which the goal cannot be reached.

use crate::search::DeadEnds;

use super::board::PegBoard;
use super::goal::Goal;
use super::symmetry::{canonical_bits, symmetries_fixing, SYMMETRIES};

/// Positions proven lost for one goal, each stored once for all its
/// symmetric copies that are lost too.
///
/// A symmetry of the board that leaves the goal in place maps lost positions
/// to lost positions, so the table keys a position by its smallest image
/// under those symmetries: all eight for a goal in the centre or anywhere,
/// fewer for other holes. The table doubles as it fills, up to a cap; from
/// then on a position whose bucket is full replaces one of the positions
/// there, so the table keeps learning about the search at hand in bounded
/// memory. Forgetting a lost position costs time, never correctness.
///
/// Layout: a key (33 bits) is scrambled by a bijection of 34-bit numbers; the
/// high bits of the result choose a bucket of 16 32-bit slots, one cache
/// line, and the low bits are stored, so that each probe reads one line and
/// each entry takes 4 bytes, yet no two positions are ever confused.
#[derive(Clone, Debug)]
pub struct DeadTable {
    /// Buckets of slots; 0 marks an empty slot, else the stored low bits + 1.
    slots: Vec<u32>,
    /// log2 of the number of buckets.
    bucket_bits: u32,
    len: usize,
    max_slots: usize,
    /// The symmetries that fix the goal, as bits.
    symmetries: u8,
}

/// Slots per bucket: 16 of 4 bytes fill a 64-byte cache line.
const BUCKET: usize = 16;

/// Scrambled keys have this many bits (keys are below 2^33, plus one).
const KEY_BITS: u32 = 34;

/// An odd multiplier, so multiplying by it is a bijection modulo 2^34.
const SCRAMBLE: u64 = 0x2_9E37_79B9;

/// The buckets a new table starts with (2^9, 32 KB).
const INITIAL_BUCKET_BITS: u32 = 9;

/// The default cap on slots: 2^22 slots of 4 bytes, 16 MB.
pub const DEAD_TABLE_SLOTS: usize = 1 << 22;

impl DeadTable {
    /// An empty table for `goal`, capped at [`DEAD_TABLE_SLOTS`].
    pub fn new(goal: Goal) -> DeadTable {
        DeadTable::with_capacity(goal, DEAD_TABLE_SLOTS)
    }

    /// An empty table for `goal` that never grows beyond `max_slots` slots of
    /// 4 bytes (rounded up to a power of two, at least 8192), one position
    /// each.
    pub fn with_capacity(goal: Goal, max_slots: usize) -> DeadTable {
        let initial = BUCKET << INITIAL_BUCKET_BITS;
        let max_slots = max_slots.clamp(initial, 1 << 31).next_power_of_two();
        let symmetries = match goal.hole() {
            Some(hole) => symmetries_fixing(hole)
                .into_iter()
                .fold(0, |bits, sym| bits | 1 << sym),
            None => u8::MAX >> (8 - SYMMETRIES),
        };
        DeadTable {
            slots: vec![0; initial],
            bucket_bits: INITIAL_BUCKET_BITS,
            len: 0,
            max_slots,
            symmetries,
        }
    }

    /// The number of positions stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no position is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the table has reached its cap and three quarters of its
    /// slots are taken: new positions then mostly replace old ones.
    pub fn is_full(&self) -> bool {
        self.slots.len() >= self.max_slots && self.len * 4 >= self.slots.len() * 3
    }

    /// The bytes the table occupies now.
    pub fn memory(&self) -> usize {
        self.slots.len() * std::mem::size_of::<u32>()
    }

    /// Forgets every position (and gives back the memory beyond the start).
    pub fn clear(&mut self) {
        self.slots = vec![0; BUCKET << INITIAL_BUCKET_BITS];
        self.bucket_bits = INITIAL_BUCKET_BITS;
        self.len = 0;
    }

    /// The scrambled key of a position.
    #[inline]
    fn scrambled(&self, board: &PegBoard) -> u64 {
        let key = canonical_bits(board.bits(), self.symmetries) + 1;
        key.wrapping_mul(SCRAMBLE) & ((1 << KEY_BITS) - 1)
    }

    /// The first bucket to look in and the value stored for a scrambled key
    /// in a table of `2^bucket_bits` buckets (the top bits of a product are
    /// its best mixed).
    #[inline]
    fn split(scrambled: u64, bucket_bits: u32) -> (usize, u32) {
        let low_bits = KEY_BITS - bucket_bits;
        let bucket = (scrambled >> low_bits) as usize;
        let stored = (scrambled & ((1 << low_bits) - 1)) as u32 + 1;
        (bucket, stored)
    }

    /// The slots of a scrambled key's bucket, and the value it is stored as.
    #[inline]
    fn bucket(slots: &[u32], bucket_bits: u32, scrambled: u64) -> (std::ops::Range<usize>, u32) {
        let (bucket, stored) = Self::split(scrambled, bucket_bits);
        debug_assert!(slots.len() == BUCKET << bucket_bits);
        (bucket * BUCKET..(bucket + 1) * BUCKET, stored)
    }

    fn contains(&self, scrambled: u64) -> bool {
        let (range, stored) = Self::bucket(&self.slots, self.bucket_bits, scrambled);
        self.slots[range].contains(&stored)
    }

    /// Stores a scrambled key known to be absent in an empty slot of its
    /// bucket, or if there is none and `replace` is set in place of another
    /// key. Whether a slot was empty.
    fn place(slots: &mut [u32], bucket_bits: u32, scrambled: u64, replace: bool) -> bool {
        let (range, stored) = Self::bucket(slots, bucket_bits, scrambled);
        let victim = range.start + stored as usize % BUCKET;
        match slots[range].iter_mut().find(|slot| **slot == 0) {
            Some(slot) => {
                *slot = stored;
                true
            }
            None => {
                if replace {
                    slots[victim] = stored;
                }
                false
            }
        }
    }

    fn grow(&mut self) {
        let low_bits = KEY_BITS - self.bucket_bits;
        let bucket_bits = self.bucket_bits + 1;
        let mut slots = vec![0; self.slots.len() * 2];
        let mut len = 0;
        for (index, &stored) in self.slots.iter().enumerate() {
            if stored != 0 {
                // Every entry sits in its own bucket, which gives back the
                // high bits of its scrambled key.
                let bucket = (index / BUCKET) as u64;
                let scrambled = (bucket << low_bits) | u64::from(stored - 1);
                len += usize::from(Self::place(&mut slots, bucket_bits, scrambled, false));
            }
        }
        self.slots = slots;
        self.bucket_bits = bucket_bits;
        self.len = len;
    }
}

impl DeadEnds<PegBoard> for DeadTable {
    #[inline]
    fn is_dead(&self, board: &PegBoard) -> bool {
        self.contains(self.scrambled(board))
    }

    fn mark_dead(&mut self, board: &PegBoard) {
        // Buckets rarely overflow below half full, so the table grows then;
        // at the cap, full buckets give up old positions for new ones.
        if self.len * 2 >= self.slots.len() && self.slots.len() < self.max_slots {
            self.grow();
        }
        let scrambled = self.scrambled(board);
        if !self.contains(scrambled)
            && Self::place(&mut self.slots, self.bucket_bits, scrambled, true)
        {
            self.len += 1;
        }
    }
}
