use std::time::Instant;
use slide::sliding::near::{solves, Effort, NearJob};
use slide::sliding::Board;

fn manhattan(board: &Board) -> usize {
    let width = board.width();
    board.tiles().iter().enumerate().filter(|(_, &t)| t != 0)
        .map(|(cell, &t)| { let h = usize::from(t) - 1; (h / width).abs_diff(cell / width) + (h % width).abs_diff(cell % width) }).sum()
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let (side, seeds, sw, fw) = (args[0], args[1], args[2], args[3]);
    let tables = slide::cli::twentyfour_tables().unwrap();
    let effort = Effort { stage_width: sw, final_width: fw };
    let started = Instant::now();
    let mut ratios = vec![];
    for seed in 0..seeds as u64 {
        let board = Board::shuffled(side, side, 1000 + seed).unwrap();
        let mut job = NearJob::new(&board, Some(tables.clone()), effort, false);
        let moves = loop { if let Some(m) = job.run(1 << 20) { break m; } };
        assert!(solves(&board, &moves));
        ratios.push(moves.len() as f64 / manhattan(&board) as f64);
    }
    let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
    println!("{side}x{side} {sw}/{fw}: mean {mean:.3} worst {:.3} {:.3} s/board", ratios.iter().cloned().fold(0.0, f64::max), started.elapsed().as_secs_f64() / seeds as f64);
}
