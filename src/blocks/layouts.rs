//! The classic starts: Klotski's named layouts on its 4x5 board and the 40
//! cards of the original Rush Hour set (1 to 10 beginner, 11 to 20
//! intermediate, 21 to 30 advanced, 31 to 40 expert; card 40 is the
//! hardest, 51 moves).
//!
//! Klotski's optimal counts depend on the metric (see [`Metric`]); those of
//! the classic start, Heng Dao Li Ma, are published for all three: 81 moves
//! along any path, 90 in straight lines, 116 single steps. The Rush Hour
//! cards' counts are one vehicle slid any distance, the red car's last
//! drive to the exit included.
//!
//! [`Metric`]: super::Metric

use super::board::Board;
use super::text::parse;

/// A named start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockLayout {
    /// A short lower-case name for links and files.
    pub id: &'static str,
    /// The name shown to the player, starting with the puzzle's name
    /// (`Klotski: Heng Dao Li Ma`, `Rush Hour card 1`).
    pub name: &'static str,
    /// The board, in the text format of [`super::text`].
    pub text: &'static str,
}

impl BlockLayout {
    /// The starting position.
    pub fn board(&self) -> Board {
        parse(self.text).expect("every built-in layout is a valid board")
    }
}

/// Every layout: Klotski's first (its classic start leading), then the
/// Rush Hour cards in order.
pub fn layouts() -> &'static [BlockLayout] {
    &LAYOUTS
}

/// The layout called `id`, if there is one.
pub fn layout(id: &str) -> Option<BlockLayout> {
    LAYOUTS.iter().find(|layout| layout.id == id).copied()
}

macro_rules! cards {
    ($($n:literal $text:literal),* $(,)?) => {
        [$(BlockLayout {
            id: concat!("card-", $n),
            name: concat!("Rush Hour card ", $n),
            text: concat!("rush-hour:", $text),
        }),*]
    };
}

const KLOTSKI: [BlockLayout; 4] = [
    BlockLayout {
        id: "heng-dao-li-ma",
        name: "Klotski: Heng Dao Li Ma",
        text: "klotski:BXXC/BXXC/DEEF/DGHF/I..J",
    },
    BlockLayout {
        id: "zhi-hui-ruo-ding",
        name: "Klotski: Zhi Hui Ruo Ding",
        text: "klotski:BXXC/BXXC/GEEH/DIJF/D..F",
    },
    BlockLayout {
        id: "qi-tou-bing-jin",
        name: "Klotski: Qi Tou Bing Jin",
        text: "klotski:BXXC/BXXC/GHIJ/DEEF/D..F",
    },
    BlockLayout {
        id: "bing-fen-san-lu",
        name: "Klotski: Bing Fen San Lu",
        text: "klotski:GXXH/BXXC/BEEC/DIJF/D..F",
    },
];

/// The 40 cards of the original Rush Hour set, as 36 cells in reading
/// order (`X` the red car).
const CARDS: [BlockLayout; 40] = cards![
    1 "AA...OP..Q.OPXXQ.OP..Q..B...CCB.RRR.",
    2 "A..OOOA..B.PXX.BCPQQQ.CP..D.EEFFDGG.",
    3 ".............XXO...AAO.P.B.O.P.BCC.P",
    4 "O..P..O..P..OXXP....AQQQ..A..B..RRRB",
    5 "AA.O.BP..OQBPXXOQGPRRRQGD...EED...FF",
    6 "AA.B..CC.BOP.XXQOPDDEQOPF.EQ..F..RRR",
    7 ".ABBCD.A.ECD.XXE.F..II.F...H.....H..",
    8 "...AAO..BBCOXXDECOFFDEGGHHIPPPKKIQQQ",
    9 ".ABBCC.A.DEEXX.DOFPQQQOFP.G.OHP.G..H",
    10 "AAB.CCDDB..OPXX..OPQQQ.OP..EFFGG.EHH",
    11 "OAAP..O..P..OXXP....BQQQ..B..E..RRRE",
    12 "ABB..OA.P..OXXP..O..PQQQ....C.RRR.C.",
    13 "AABBC...D.CO.EDXXOPE.FFOP..GHHPIIGKK",
    14 "AAB.....B.CCDEXXFGDEHHFG..I.JJKKI...",
    15 ".AABB.CCDDOPQRXXOPQREFOPQREFGG.HHII.",
    16 "AABBCOD.EECODFPXXO.FPQQQ..P...GG....",
    17 "AOOO..A.BBCCXXD...EEDP..QQQPFGRRRPFG",
    18 "AABO..CCBO..PXXO..PQQQ..PDD...RRR...",
    19 "..ABB...A.J..DXXJ..DEEF..OOOF.......",
    20 "A..OOOABBC..XXDC.P..D..P..EFFP..EQQQ",
    21 "AABO..P.BO..PXXO..PQQQ...........RRR",
    22 "..AOOOB.APCCBXXP...D.PEEFDGG.HFQQQ.H",
    23 "..OOOP..ABBP..AXXP..CDEE..CDFF..QQQ.",
    24 "..ABB..CA...DCXXE.DFF.E.OOO.G.HH..G.",
    25 "AAB.CCDDB..OPXX.EOPQQQEOPF.GHH.F.GII",
    26 ".A.OOOBA.CP.BXXCPDERRRPDE.F..G..FHHG",
    27 "ABBO..ACCO..XXDO.P..DEEP..F..P..FRRR",
    28 "OOOA....PABBXXP...CDPEEQCDRRRQFFGG.Q",
    29 "OOO.P...A.P.XXA.PBCDDEEBCFFG.HRRRG.H",
    30 "O.APPPO.AB..OXXB..CCDD.Q.....QEEFF.Q",
    31 "AA.OOO...BCCDXXB.PD.QEEPFFQ..P..QRRR",
    32 "AAOBCC..OB..XXO...DEEFFPD..K.PHH.K.P",
    33 ".AR.BB.AR...XXR...IDDEEPIFFGHPQQQGHP",
    34 "A..RRRA..B.PXX.BCPQQQDCP..EDFFIIEHH.",
    35 "..OAAP..OB.PXXOB.PKQQQ..KDDEF.GG.EF.",
    36 "OPPPAAOBCC.QOBXX.QRRRD.Q..EDFFGGE...",
    37 "AAB.CCDDB.OPQXX.OPQRRROPQ..EFFGG.EHH",
    38 "A..OOOABBC..XXDC.R..DEER..FGGR..FQQQ",
    39 "..AOOO..AB..XXCB.RDDCEERFGHH.RFGII..",
    40 "OAA.B.OCD.BPOCDXXPQQQE.P..FEGGHHFII.",
];

const LAYOUTS: [BlockLayout; 44] = {
    let mut all = [KLOTSKI[0]; 44];
    let mut i = 0;
    while i < KLOTSKI.len() {
        all[i] = KLOTSKI[i];
        i += 1;
    }
    let mut j = 0;
    while j < CARDS.len() {
        all[KLOTSKI.len() + j] = CARDS[j];
        j += 1;
    }
    all
};
