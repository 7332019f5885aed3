//! `slide route`: the shortest route over a floor plan's waypoints or a
//! map's pixels (an image or a Moving AI `.map`), and the floor plans as images it reads (PNG or JPEG) into a
//! grid of walkable pixels and draws routes onto (a PNG copy).

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use image::{Rgba, RgbaImage};

use super::read_input;
use crate::app::wording::count;
use crate::route::{
    parse_map, parse_nodes, Algorithm, Grid, Heuristic, Moves, Pixel, Query, Router, WaypointRoute,
    Waypoints,
};

/// `slide route NODES [PLAN OUT]`.
pub fn over_waypoints(path: &str, drawing: Option<(&String, &String)>) -> ExitCode {
    let text = match read_input(path) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    };
    let waypoints = match parse_nodes(&text) {
        Ok(waypoints) => waypoints,
        Err(error) => {
            eprintln!("slide: {path}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let route = waypoints.shortest(0, waypoints.len() - 1);
    if let Some((plan, out)) = drawing {
        if let Err(message) =
            draw_waypoints(Path::new(plan), Path::new(out), &waypoints, route.as_ref())
        {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    }
    let Some(route) = route else {
        println!("No route.");
        return ExitCode::FAILURE;
    };
    for &index in &route.path {
        let point = waypoints.point(index);
        println!("{index} ({}, {})", point.x, point.y);
    }
    println!("distance: {:.2}", route.distance);
    ExitCode::SUCCESS
}

/// The search `slide route --grid` is asked for: `--algorithm` and
/// `--heuristic`, each by default the moves' own (A*, the tightest
/// estimate that never overestimates).
#[derive(Clone, Copy, Debug, Default)]
pub struct Asked {
    /// `--algorithm`, if given.
    pub algorithm: Option<Algorithm>,
    /// `--heuristic`, if given.
    pub heuristic: Option<Heuristic>,
}

/// `slide route --grid PLAN --from X,Y --to X,Y [--algorithm A]
/// [--heuristic H] [OUT]`:
/// PLAN an image (PNG or JPEG) or a Moving AI `.map`. `moves` are those
/// given with `--connect`; without, 8-connected on a `.map` (the
/// benchmark's moves) or for an algorithm named other than Theta*, else at
/// any angle.
pub fn over_pixels(
    plan: &str,
    from: Pixel,
    to: Pixel,
    moves: Option<Moves>,
    Asked {
        algorithm,
        heuristic,
    }: Asked,
    threshold: u8,
    out: Option<&String>,
) -> ExitCode {
    let (grid, image) = match read_plan(Path::new(plan), threshold) {
        Ok(read) => read,
        Err(message) => {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    };
    let moves = moves.unwrap_or(match (image.is_none(), algorithm) {
        (_, Some(Algorithm::Theta)) => Moves::AnyAngle,
        (true, _) | (_, Some(_)) => Moves::Eight,
        (false, None) => Moves::AnyAngle,
    });
    let algorithm = algorithm.unwrap_or(Algorithm::AStar);
    let heuristic = heuristic.unwrap_or(moves.estimate());
    let query = match Query::new(algorithm, moves, heuristic, 1.0) {
        Ok(query) => query,
        Err(message) => {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    };
    let clock = Instant::now();
    let router = Router::new(Arc::new(grid), &query);
    let preprocessing = clock.elapsed().as_secs_f64();
    let clock = Instant::now();
    let route = match router.route(from, to, &query) {
        Ok(route) => route,
        Err(message) => {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    };
    let seconds = clock.elapsed().as_secs_f64();
    if let Some(out) = out {
        let image = image.unwrap_or_else(|| picture_of(router.grid()));
        let path = route.as_ref().map_or(&[][..], |route| &route.pixels[..]);
        if let Err(message) = draw_pixels(image, Path::new(out), path, from, to) {
            eprintln!("slide: {message}");
            return ExitCode::FAILURE;
        }
    }
    let Some(route) = route else {
        println!("No route.");
        return ExitCode::FAILURE;
    };
    let corners: Vec<String> = route
        .pixels
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect();
    println!("route: {}", corners.join(" "));
    if algorithm.precomputes() || heuristic == Heuristic::Landmarks {
        println!("preprocessing: {:.3} s", preprocessing);
    }
    println!(
        "{} expanded, {seconds:.3} s",
        count(route.expanded, "pixel", "pixels")
    );
    println!("distance: {:.2}", route.distance);
    ExitCode::SUCCESS
}

/// Whether the file at `path` is a Moving AI map rather than an image: by
/// its extension `.map`, or failing that by its first bytes (`type `).
fn is_moving_ai_map(path: &Path) -> bool {
    if path
        .extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("map"))
    {
        return true;
    }
    let mut start = [0u8; 8];
    std::fs::File::open(path)
        .and_then(|mut file| std::io::Read::read(&mut file, &mut start))
        .is_ok_and(|read| {
            let start = &start[..read];
            let start = start.strip_prefix(b"\xef\xbb\xbf").unwrap_or(start);
            start.starts_with(b"type ")
        })
}

/// The grid of the map at `path`, and the image it was read from (`None`
/// for a Moving AI `.map`): an image's pixels at least `threshold` light
/// are walkable.
///
/// # Errors
/// The reason, naming the file (and for a `.map`, the line).
pub fn read_plan(path: &Path, threshold: u8) -> Result<(Grid, Option<RgbaImage>), String> {
    if is_moving_ai_map(path) {
        let text = std::fs::read_to_string(path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        let grid = parse_map(&text).map_err(|error| format!("{}: {error}", path.display()))?;
        return Ok((grid, None));
    }
    let image = read_image(path, crate::route::grid::check_size)?;
    let grid =
        grid_of(&image, threshold).map_err(|message| format!("{}: {message}", path.display()))?;
    Ok((grid, Some(image)))
}

/// A picture of `grid` to draw a route onto: walkable pixels white, walls
/// dark.
pub fn picture_of(grid: &Grid) -> RgbaImage {
    RgbaImage::from_fn(grid.width() as u32, grid.height() as u32, |x, y| {
        if grid.is_walkable((x as usize, y as usize)) {
            Rgba([255, 255, 255, 255])
        } else {
            Rgba([40, 40, 40, 255])
        }
    })
}

/// The colours drawn with.
const EDGE: Rgba<u8> = Rgba([70, 110, 200, 255]);
const WAYPOINT: Rgba<u8> = Rgba([30, 60, 160, 255]);
const ROUTE: Rgba<u8> = Rgba([220, 30, 30, 255]);
const START: Rgba<u8> = Rgba([20, 150, 60, 255]);
const GOAL: Rgba<u8> = Rgba([200, 120, 0, 255]);

/// The most pixels a plan that routes are drawn onto may have (64
/// megapixels: 256 MB as RGBA), and along a side: far beyond any floor
/// plan, well short of what a crafted file could make a decoder allocate.
pub const DRAWING_MAX_PIXELS: usize = 64_000_000;
/// See [`DRAWING_MAX_PIXELS`].
pub const DRAWING_MAX_SIDE: usize = 32_768;

/// Checks that an image of `width` x `height` pixels can be drawn onto.
///
/// # Errors
/// Saying which limit it breaks.
pub fn check_drawing_size(width: usize, height: usize) -> Result<(), String> {
    if width > DRAWING_MAX_SIDE
        || height > DRAWING_MAX_SIDE
        || width.saturating_mul(height) > DRAWING_MAX_PIXELS
    {
        return Err(format!(
            "an image of {width} x {height} pixels is too large to draw on: at most {DRAWING_MAX_PIXELS} pixels, {DRAWING_MAX_SIDE} a side"
        ));
    }
    Ok(())
}

/// Reads an image file, refusing it by the size its header states before
/// any pixel is decoded (a file of a few hundred kilobytes can state
/// 22,000 x 22,000 pixels, gigabytes once decoded): `fits` judges the
/// width and height ([`crate::route::grid::check_size`] for a map,
/// [`check_drawing_size`] for a plan to draw on). The decoder is then held
/// to the size the header stated.
///
/// # Errors
/// The reason, naming the file, if it cannot be read or decoded or `fits`
/// refuses its size.
pub fn read_image(
    path: &Path,
    fits: impl Fn(usize, usize) -> Result<(), String>,
) -> Result<RgbaImage, String> {
    let open = || {
        image::ImageReader::open(path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?
            .with_guessed_format()
            .map_err(|error| format!("cannot read {}: {error}", path.display()))
    };
    let unreadable = |error: image::ImageError| {
        format!(
            "cannot read {} as an image (PNG or JPEG): {error}",
            path.display()
        )
    };
    let (width, height) = open()?.into_dimensions().map_err(unreadable)?;
    fits(width as usize, height as usize)
        .map_err(|reason| format!("{}: {reason}", path.display()))?;
    let mut reader = open()?;
    let mut limits = image::Limits::default();
    // The same file, read again: held to the size already accepted.
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    reader.limits(limits);
    let decoded = reader.decode().map_err(unreadable)?;
    Ok(decoded.to_rgba8())
}

/// The grid of `image`'s pixels, walkable where at least `threshold` light.
///
/// # Errors
/// If the image is too large for a map.
pub fn grid_of(image: &RgbaImage, threshold: u8) -> Result<Grid, String> {
    Grid::from_rgba(
        image.width() as usize,
        image.height() as usize,
        image.as_raw(),
        threshold,
    )
}

/// Draws the waypoints, their connections and `route` (if any) onto a copy
/// of the image at `plan`, written as a PNG to `out`.
///
/// # Errors
/// The reason, naming the file, if the plan cannot be read or `out` written.
pub fn draw_waypoints(
    plan: &Path,
    out: &Path,
    waypoints: &Waypoints,
    route: Option<&WaypointRoute>,
) -> Result<(), String> {
    let mut image = read_image(plan, check_drawing_size)?;
    let at = |index: usize| {
        let point = waypoints.point(index);
        (point.x, point.y)
    };
    for (a, b) in waypoints.edges() {
        paint_segment(&mut image, at(a), at(b), 1.0, EDGE);
    }
    if let Some(route) = route {
        for leg in route.path.windows(2) {
            paint_segment(&mut image, at(leg[0]), at(leg[1]), 2.5, ROUTE);
        }
    }
    for index in 0..waypoints.len() {
        dot(&mut image, at(index), 3.0, WAYPOINT);
    }
    dot(&mut image, at(0), 5.0, START);
    dot(&mut image, at(waypoints.len() - 1), 5.0, GOAL);
    save(&image, out)
}

/// Draws a walk through `pixels` (straight lines between them) and its ends
/// onto `image`, written as a PNG to `out`.
///
/// # Errors
/// The reason, naming the file, if `out` cannot be written.
pub fn draw_pixels(
    mut image: RgbaImage,
    out: &Path,
    pixels: &[Pixel],
    from: Pixel,
    to: Pixel,
) -> Result<(), String> {
    let centre = |(x, y): Pixel| (x as f64 + 0.5, y as f64 + 0.5);
    for step in pixels.windows(2) {
        paint_segment(&mut image, centre(step[0]), centre(step[1]), 1.5, ROUTE);
    }
    dot(&mut image, centre(from), 4.0, START);
    dot(&mut image, centre(to), 4.0, GOAL);
    save(&image, out)
}

fn save(image: &RgbaImage, out: &Path) -> Result<(), String> {
    image
        .save_with_format(out, image::ImageFormat::Png)
        .map_err(|error| format!("cannot write {}: {error}", out.display()))
}

/// Paints the pixels whose centres lie within `radius` of the segment from
/// `a` to `b` (pixel coordinates, a pixel's centre at +0.5), in time
/// proportional to the pixels painted (plus one step a row crossed): row by
/// row, only the columns near where the segment crosses that row are
/// tested, not the segment's whole bounding box (a long slanting line
/// across a plan has a box of a million pixels and paints a few thousand).
/// Parts off the image are left out.
pub fn paint_segment(
    image: &mut RgbaImage,
    a: (f64, f64),
    b: (f64, f64),
    radius: f64,
    colour: Rgba<u8>,
) {
    if !(a.0.is_finite() && a.1.is_finite() && b.0.is_finite() && b.1.is_finite()) {
        return;
    }
    let (width, height) = (f64::from(image.width()), f64::from(image.height()));
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length2 = dx * dx + dy * dy;
    let nearest = |px: f64, py: f64| {
        let t = if length2 == 0.0 {
            0.0
        } else {
            (((px - a.0) * dx + (py - a.1) * dy) / length2).clamp(0.0, 1.0)
        };
        (px - (a.0 + t * dx)).hypot(py - (a.1 + t * dy))
    };
    let lo_y = (a.1.min(b.1) - radius).floor().max(0.0);
    let hi_y = (a.1.max(b.1) + radius).min(height - 1.0);
    let mut y = lo_y;
    while y <= hi_y {
        let py = y + 0.5;
        // A centre within `radius` of the segment is within `radius`
        // across of a point of it within `radius` up or down: the columns
        // the segment spans between heights py - radius and py + radius,
        // widened by `radius`.
        // (A pixel more each way: rounding never loses a pixel at the
        // edge.)
        let reach = radius + 1.0;
        let (t0, t1) = if dy == 0.0 {
            (0.0, 1.0)
        } else {
            let (u, v) = ((py - reach - a.1) / dy, (py + reach - a.1) / dy);
            (u.min(v).max(0.0), u.max(v).min(1.0))
        };
        if t0 <= t1 {
            let (x0, x1) = (a.0 + t0 * dx, a.0 + t1 * dx);
            let lo_x = (x0.min(x1) - reach).floor().max(0.0);
            let hi_x = (x0.max(x1) + reach).min(width - 1.0);
            let mut x = lo_x;
            while x <= hi_x {
                if nearest(x + 0.5, py) <= radius {
                    image.put_pixel(x as u32, y as u32, colour);
                }
                x += 1.0;
            }
        }
        y += 1.0;
    }
}

/// Paints a disc of `radius` around `centre`.
fn dot(image: &mut RgbaImage, centre: (f64, f64), radius: f64, colour: Rgba<u8>) {
    paint_segment(image, centre, centre, radius, colour);
}
