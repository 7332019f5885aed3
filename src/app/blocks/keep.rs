//! The sliding-block puzzles' save words.

use super::SlidingBlocks;
use crate::app::save::SaveFormat;
use crate::blocks::{layout, BlockMove, Board, Metric};
use crate::quote::quote;

/// The sliding-block puzzles' words: the rules as the layout dealt (`-`
/// for none) and the metric separated by `:`; a position as
/// [`crate::blocks::format_line`] writes it; a move as `from-to` in cell
/// names.
impl SaveFormat for SlidingBlocks {
    const ID: &'static str = "blocks";

    fn write_rules(&self) -> Result<String, String> {
        Ok(format!(
            "{}:{}",
            self.layout.unwrap_or("-"),
            self.metric.id()
        ))
    }

    fn read_rules(text: &str) -> Result<SlidingBlocks, String> {
        let (id, metric) = text.split_once(':').ok_or_else(|| {
            format!(
                "{} is not sliding-block rules: write the layout, a colon, then the metric",
                quote(text)
            )
        })?;
        let metric = Metric::from_id(metric).ok_or_else(|| {
            format!(
                "{} is not a metric: write straight, path or step",
                quote(metric)
            )
        })?;
        let layout = match id {
            "-" => None,
            id => Some(
                layout(id)
                    .ok_or_else(|| format!("there is no layout called {}", quote(id)))?
                    .id,
            ),
        };
        Ok(SlidingBlocks { metric, layout })
    }

    fn write_state(&self, board: &Board) -> String {
        crate::blocks::format_line(board)
    }

    fn read_state(&self, text: &str) -> Result<Board, String> {
        crate::blocks::parse(text).map_err(|error| error.to_string())
    }

    fn write_move(&self, mv: BlockMove) -> String {
        mv.name()
    }

    fn read_move(&self, text: &str) -> Result<BlockMove, String> {
        BlockMove::named(text).ok_or_else(|| format!("{} is not a move", quote(text)))
    }

    fn move_between(&self, before: &Board, after: &Board) -> Option<BlockMove> {
        before.moved_piece(after).map(|(_, mv)| mv)
    }
}
