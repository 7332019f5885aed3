//! Floor plans as images for the command line: read (PNG or JPEG) into a
//! grid of walkable pixels, and routes drawn onto a copy (PNG).

use std::path::Path;

use image::{Rgba, RgbaImage};

use crate::route::{Grid, Pixel, Route, Waypoints};

/// The colours drawn with.
const EDGE: Rgba<u8> = Rgba([70, 110, 200, 255]);
const WAYPOINT: Rgba<u8> = Rgba([30, 60, 160, 255]);
const ROUTE: Rgba<u8> = Rgba([220, 30, 30, 255]);
const START: Rgba<u8> = Rgba([20, 150, 60, 255]);
const GOAL: Rgba<u8> = Rgba([200, 120, 0, 255]);

/// Reads an image file.
///
/// # Errors
/// The reason, naming the file, if it cannot be read or decoded.
pub fn read_image(path: &Path) -> Result<RgbaImage, String> {
    let reader = image::ImageReader::open(path)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?
        .with_guessed_format()
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let decoded = reader.decode().map_err(|error| {
        format!(
            "cannot read {} as an image (PNG or JPEG): {error}",
            path.display()
        )
    })?;
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
    route: Option<&Route>,
) -> Result<(), String> {
    let mut image = read_image(plan)?;
    let at = |index: usize| {
        let point = waypoints.point(index);
        (point.x, point.y)
    };
    for (a, b) in waypoints.edges() {
        line(&mut image, at(a), at(b), 1.0, EDGE);
    }
    if let Some(route) = route {
        for leg in route.path.windows(2) {
            line(&mut image, at(leg[0]), at(leg[1]), 2.5, ROUTE);
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
        line(&mut image, centre(step[0]), centre(step[1]), 1.5, ROUTE);
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

/// Paints the pixels within `radius` of the segment from `a` to `b`
/// (pixel coordinates, a pixel's centre at +0.5).
fn line(image: &mut RgbaImage, a: (f64, f64), b: (f64, f64), radius: f64, colour: Rgba<u8>) {
    let (width, height) = (image.width() as f64, image.height() as f64);
    let (lo_x, hi_x) = (a.0.min(b.0) - radius, a.0.max(b.0) + radius);
    let (lo_y, hi_y) = (a.1.min(b.1) - radius, a.1.max(b.1) + radius);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length2 = dx * dx + dy * dy;
    let mut y = lo_y.floor().max(0.0);
    while y <= hi_y.min(height - 1.0) {
        let mut x = lo_x.floor().max(0.0);
        while x <= hi_x.min(width - 1.0) {
            let (px, py) = (x + 0.5, y + 0.5);
            // The nearest point of the segment.
            let t = if length2 == 0.0 {
                0.0
            } else {
                (((px - a.0) * dx + (py - a.1) * dy) / length2).clamp(0.0, 1.0)
            };
            let (nx, ny) = (a.0 + t * dx, a.1 + t * dy);
            if (px - nx).hypot(py - ny) <= radius {
                image.put_pixel(x as u32, y as u32, colour);
            }
            x += 1.0;
        }
        y += 1.0;
    }
}

/// Paints a disc of `radius` around `centre`.
fn dot(image: &mut RgbaImage, centre: (f64, f64), radius: f64, colour: Rgba<u8>) {
    line(image, centre, centre, radius, colour);
}
