//! Drawing route finding: the map, the search's closed and open sets (and
//! a jump point search's jump points) after any number of expansions, the
//! waypoints and their connections, the route the solver
//! found, the hinted leg, the player's walk with the walker mid-leg, the
//! start and the goal.
//!
//! A frame is a pure function of what the game says (the search's picture
//! of the trace and the number of expansions shown); the only things kept
//! between frames are two scratch canvases (the map's pixels, drawn once
//! per map, and the search's layer, with the picture it shows so that a
//! playback moving forward reads only the expansions since), which change
//! nothing drawn.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::draw::{put_rgba, scratch_canvas, Canvas};
use crate::app::anim::ease;
use crate::app::contrast::{Colour, FAINT_WAYPOINTS};
use crate::app::nudge::NudgeLook;
use crate::app::route::{Leg, MapKind, Mode, RouteFinding, RouteUi, Walk, Walker};
use crate::app::viewport::Viewport;
use crate::route::{office, FloorPlan, Found, Furniture, Grid, Rect};
use crate::search::trace::{Trace, CLOSED, OPEN};

/// Everything one frame shows.
pub struct RouteScene<'a> {
    /// The rules: map, walk, start and goal.
    pub rules: &'a RouteFinding,
    /// The walk before the leg being shown, the walk after it, and how far
    /// along the leg (0 to 1).
    pub frame: (&'a Walker, &'a Walker, f64),
    /// The search to show and how many of its expansions.
    pub search: Option<(&'a Found, usize)>,
    /// The solver's route from where the walker stands.
    pub known: Option<Vec<u32>>,
    /// The hinted leg, drawn as a line from where the walker stands to the
    /// leg's end, with a ring there.
    pub hint: Option<Leg>,
    /// The shortest route, drawn once the goal is reached.
    pub shortest: Option<&'a Found>,
    /// Modes and the editor's selection.
    pub ui: RouteUi,
    /// Progress (0 to 1) of the celebration of reaching the goal.
    pub celebration: Option<f64>,
    /// The zoom and pan: the map is drawn zoomed, while markers, lines and
    /// labels keep their size on the screen.
    pub view: Viewport,
    /// A tap that moved nothing: a ring there shakes or flashes.
    pub nudge: Option<NudgeLook>,
}

/// What the search's layer was drawn for: the map, the trace (where it
/// is, its length, its last entry: a trace freed and another allocated in
/// its place is told apart), and the open and closed colours.
type SearchKey = (*const Grid, *const u32, usize, Option<u32>, [u8; 8]);

/// The search's layer as drawn: for which map and trace, after how many
/// expansions, the picture of the sets then, and the canvas.
struct SearchLayer {
    key: SearchKey,
    count: usize,
    sets: Vec<u8>,
    /// The places open in `sets`, for the marks drawn over a map whose
    /// pixels are too small to see (see [`OPEN_MARK_PX`]).
    open: Vec<u32>,
    image: HtmlCanvasElement,
}

/// What the map's layer was drawn for: the map, and the floor and wall
/// colours.
type MapKey = (*const Grid, [u8; 3], [u8; 3]);

/// The scratch canvases a frame is composed with.
#[derive(Default)]
pub struct Layers {
    /// The map's pixels, with the grid and the floor and wall colours they
    /// were drawn for (a change of colour scheme draws them again).
    map: RefCell<Option<(MapKey, HtmlCanvasElement)>>,
    /// The search's sets, with what they were drawn for.
    search: RefCell<Option<SearchLayer>>,
    /// The office's geometry, drawn as shapes.
    office: std::cell::OnceCell<FloorPlan>,
}

/// Parses `#rrggbb` (the palette's colours) into bytes; a grey for a
/// colour the page wrote otherwise.
fn rgb(colour: &str) -> [u8; 3] {
    Colour::parse_hex(colour).map_or([128; 3], |colour| colour.rgb)
}

/// Parses `#rrggbbaa` (the search picture's see-through colours) into
/// RGBA bytes.
fn rgba(colour: &str) -> [u8; 4] {
    let colour = Colour::parse_hex(colour).unwrap_or(Colour::opaque([128; 3]));
    let [r, g, b] = colour.rgb;
    [r, g, b, (colour.alpha * 255.0).round() as u8]
}

impl Layers {
    /// The map's pixels as a canvas, drawn again only for another map.
    fn map(&self, grid: &std::sync::Arc<Grid>, canvas: &Canvas<'_>) -> Option<HtmlCanvasElement> {
        let floor = rgb(&canvas.palette.tile);
        let wall = rgb(&canvas.palette.board);
        let key: MapKey = (std::sync::Arc::as_ptr(grid), floor, wall);
        if let Some((drawn, image)) = &*self.map.borrow() {
            if *drawn == key {
                return Some(image.clone());
            }
        }
        let (width, height) = (grid.width(), grid.height());
        let (image, ctx) = scratch_canvas(width, height)?;
        let mut bytes = vec![255u8; width * height * 4];
        for y in 0..height {
            for x in 0..width {
                let colour = if grid.is_walkable((x, y)) {
                    floor
                } else {
                    wall
                };
                let i = (y * width + x) * 4;
                bytes[i..i + 3].copy_from_slice(&colour);
            }
        }
        put_rgba(&ctx, &bytes, width)?;
        *self.map.borrow_mut() = Some((key, image.clone()));
        Some(image)
    }

    /// The search's closed and open pixels after `count` expansions.
    fn search(
        &self,
        grid: &Grid,
        trace: &Trace,
        count: usize,
        (open, closed): ([u8; 4], [u8; 4]),
    ) -> Option<HtmlCanvasElement> {
        let (width, height) = (grid.width(), grid.height());
        let mut colours = [0; 8];
        colours[..4].copy_from_slice(&open);
        colours[4..].copy_from_slice(&closed);
        let key: SearchKey = (
            grid,
            trace.expanded.as_ptr(),
            trace.len(),
            trace.expanded.last().copied(),
            colours,
        );
        let mut slot = self.search.borrow_mut();
        // Drawn again only when another count shows: once revealed, the
        // layer stays as it is while the route is walked. Moving forward
        // reads only the expansions since; back, the picture is redone.
        let layer = match slot.as_mut() {
            Some(layer) if layer.key == key && layer.count == count => {
                return Some(layer.image.clone())
            }
            Some(layer) if layer.key == key && layer.count < count => {
                trace.advance(&mut layer.sets, layer.count, count);
                layer
            }
            Some(layer)
                if layer.image.width() as usize == width
                    && layer.image.height() as usize == height =>
            {
                layer.key = key;
                layer.sets = trace.sets_at(width * height, count);
                layer
            }
            _ => slot.insert(SearchLayer {
                key,
                count,
                sets: trace.sets_at(width * height, count),
                open: Vec::new(),
                image: scratch_canvas(width, height)?.0,
            }),
        };
        layer.count = count;
        layer.open.clear();
        layer.open.extend(
            (0u32..)
                .zip(&layer.sets)
                .filter(|&(_, &set)| set == OPEN)
                .map(|(place, _)| place),
        );
        let ctx = layer
            .image
            .get_context("2d")
            .ok()??
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()?;
        let mut bytes = vec![0u8; width * height * 4];
        for (pixel, &set) in bytes.chunks_exact_mut(4).zip(&layer.sets) {
            match set {
                OPEN => pixel.copy_from_slice(&open),
                CLOSED => pixel.copy_from_slice(&closed),
                _ => {}
            }
        }
        put_rgba(&ctx, &bytes, width)?;
        Some(layer.image.clone())
    }
}

/// The smallest an open place is drawn, in CSS pixels on the screen: where
/// a map's pixels are drawn smaller (a 512-pixel maze on a phone, a large
/// open map), each open place is marked by a square this wide on a rim of
/// the floor's colour, so that the frontier shows however thin it is.
const OPEN_MARK_PX: f64 = 4.0;

/// The most open places marked (a frontier rarely holds more; this bounds
/// a frame's work).
const MAX_OPEN_MARKS: usize = 30_000;

impl Layers {
    /// Marks each place open in the search's layer as last drawn (see
    /// [`OPEN_MARK_PX`]), `at` giving a place's centre on the screen.
    fn mark_open(
        &self,
        ctx: &CanvasRenderingContext2d,
        at: impl Fn(u32) -> (f64, f64),
        (open, rim): (&str, &str),
    ) {
        let slot = self.search.borrow();
        let Some(layer) = slot.as_ref() else {
            return;
        };
        let places = &layer.open[..layer.open.len().min(MAX_OPEN_MARKS)];
        if places.is_empty() {
            return;
        }
        ctx.save();
        for (colour, side) in [(rim, OPEN_MARK_PX + 2.0), (open, OPEN_MARK_PX)] {
            ctx.begin_path();
            for &place in places {
                let (x, y) = at(place);
                ctx.rect(x - side / 2.0, y - side / 2.0, side, side);
            }
            ctx.set_fill_style_str(colour);
            ctx.fill();
        }
        ctx.restore();
    }
}

impl Layers {
    /// Whether each of `places` is closed in the search's layer as last
    /// drawn (false for any it does not hold).
    fn closed_places(&self, places: &[u32]) -> Vec<bool> {
        let slot = self.search.borrow();
        let sets = slot.as_ref().map_or(&[][..], |layer| &layer.sets[..]);
        places
            .iter()
            .map(|&place| sets.get(place as usize) == Some(&CLOSED))
            .collect()
    }
}

/// The most jump points marked: beyond, the diamonds would hide the sets
/// (a jump point search meets few; this bounds a frame's work on a search
/// that is not one).
const MAX_JUMP_MARKS: usize = 20_000;

/// The places a jump point search had met after `count` expansions (its
/// jump points, open and closed), each once.
fn jump_points(trace: &Trace, count: usize) -> Vec<u32> {
    let count = count.min(trace.len());
    let openings = trace
        .opened_ends
        .get(count)
        .map_or(trace.opened.len(), |&end| end as usize);
    let mut places: Vec<u32> = trace.expanded[..count]
        .iter()
        .chain(&trace.opened[..openings])
        .copied()
        .collect();
    places.sort_unstable();
    places.dedup();
    places
}

/// Draws a map-sized layer over the whole board, as zoomed and panned.
fn cover(
    ctx: &CanvasRenderingContext2d,
    layer: &HtmlCanvasElement,
    view: &Viewport,
    layout: &crate::app::grid::BoardLayout,
) {
    let (left, top) = view.to_screen((0.0, 0.0));
    let zoomed = view.zoomed(layout);
    let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
        layer,
        left,
        top,
        zoomed.width,
        zoomed.height,
    );
}

/// The smallest text drawn on the map, in CSS pixels, whatever the zoom.
const MIN_TEXT_PX: f64 = 12.0;

/// Draws one frame.
pub fn draw_route(canvas: &Canvas<'_>, layers: &Layers, scene: &RouteScene<'_>) {
    let (ctx, layout, palette) = (canvas.ctx, canvas.grid, canvas.palette);
    let rules = scene.rules;
    let map = rules.map();
    canvas.clear();
    let view = &scene.view;
    let zoomed = view.zoomed(layout);
    let (left, top) = view.to_screen((0.0, 0.0));
    // Screen pixels per map pixel, at this zoom.
    let sx = zoomed.width / map.width() as f64;
    let sy = zoomed.height / map.height() as f64;
    let at = |place: u32| {
        let (x, y) = rules.point(place);
        (x * sx + left, y * sy + top)
    };
    // Crisp pixels when each map pixel is drawn larger than a screen pixel
    // (mazes), smooth when the map is scaled down (large images).
    ctx.set_image_smoothing_enabled(sx < 1.0);
    if map.kind == MapKind::Office {
        draw_office(
            canvas,
            layers.office.get_or_init(office),
            (sx, sy),
            (left, top),
        );
    } else if let Some(image) = layers.map(&map.grid, canvas) {
        cover(ctx, &image, view, layout);
    }
    // Markers and lines are sized for the box, not the zoom: zooming in
    // spreads them apart rather than blowing them up.
    let unit = (layout.width.min(layout.height) / 90.0).clamp(3.5, 6.0);

    // The search, as far as it is shown.
    let waypoints = rules.walk() == Walk::Waypoints;
    let mut waypoint_sets: Vec<u8> = Vec::new();
    if let Some((found, count)) = scene.search {
        if waypoints {
            let places = map.waypoints.as_ref().map_or(0, |graph| graph.len());
            waypoint_sets = found.trace.sets_at(places, count);
        } else if let Some(image) = layers.search(
            &map.grid,
            &found.trace,
            count,
            (rgba(&palette.open), rgba(&palette.closed)),
        ) {
            cover(ctx, &image, view, layout);
            if sx.min(sy) < OPEN_MARK_PX {
                let open = Colour::parse_hex(&palette.open).map_or([128; 3], |c| c.rgb);
                let open = format!("rgb({},{},{})", open[0], open[1], open[2]);
                layers.mark_open(ctx, at, (&open, &palette.tile));
            }
        }
    }

    // Waypoints and their connections: bold when walked, faint otherwise.
    if let Some(graph) = &map.waypoints {
        let shown = waypoints || scene.ui.mode == Mode::Edit;
        ctx.save();
        ctx.set_global_alpha(if shown { 0.9 } else { FAINT_WAYPOINTS });
        ctx.set_stroke_style_str(&palette.ink);
        ctx.set_line_width(unit * 0.45);
        let point = |i: usize| {
            let p = graph.point(i);
            ((p.x + 0.5) * sx + left, (p.y + 0.5) * sy + top)
        };
        ctx.begin_path();
        for (a, b) in graph.edges() {
            let (pa, pb) = (point(a), point(b));
            ctx.move_to(pa.0, pa.1);
            ctx.line_to(pb.0, pb.1);
        }
        ctx.stroke();
        for i in 0..graph.len() {
            let (x, y) = point(i);
            let set = waypoint_sets.get(i).copied();
            let closed = set == Some(CLOSED);
            let open = set == Some(OPEN);
            let colour = if closed {
                &palette.closed
            } else if open {
                &palette.open
            } else {
                &palette.ink
            };
            ctx.set_fill_style_str(colour);
            canvas.circle(x, y, unit * if closed || open { 1.6 } else { 1.1 });
            ctx.fill();
            if scene.ui.selected == Some(i) {
                ctx.set_stroke_style_str(&palette.accent);
                ctx.set_line_width(unit * 0.6);
                canvas.circle(x, y, unit * 2.6);
                ctx.stroke();
            }
            if shown && (scene.ui.mode == Mode::Edit || waypoints) {
                // Haloed in the floor's colour, legible over lines and walls.
                ctx.set_font(&format!(
                    "600 {}px system-ui, sans-serif",
                    (unit * 2.4).max(MIN_TEXT_PX).round()
                ));
                ctx.set_text_align("left");
                ctx.set_text_baseline("bottom");
                let (tx, ty) = (x + unit * 1.4, y - unit * 0.6);
                ctx.set_stroke_style_str(&palette.tile);
                ctx.set_line_width(3.0);
                let _ = ctx.stroke_text(&i.to_string(), tx, ty);
                ctx.set_fill_style_str(&palette.ink);
                let _ = ctx.fill_text(&i.to_string(), tx, ty);
            }
        }
        ctx.restore();
    }

    // A jump point search's jump points, as diamonds (told apart from the
    // sets by shape and lightness), and the place the last expansion
    // shown expanded, ringed, so that a step shows where the search is.
    if let Some((found, count)) = scene.search.filter(|_| !waypoints) {
        let trace = &found.trace;
        if trace.jump_points && count > 0 {
            // Each diamond is filled with its set's colour (a jump point
            // covers its own pixel, which would hide whether it is open or
            // closed) and ringed in white on an ink casing: jump points
            // are told from other places by shape and the white ring.
            let size = (unit * 1.1).max(3.5);
            let places: Vec<u32> = jump_points(trace, count)
                .into_iter()
                .take(MAX_JUMP_MARKS)
                .collect();
            let closed = layers.closed_places(&places);
            let diamonds = |which: &mut dyn FnMut(usize) -> bool| {
                ctx.begin_path();
                for (i, &place) in places.iter().enumerate() {
                    if !which(i) {
                        continue;
                    }
                    let (x, y) = at(place);
                    ctx.move_to(x, y - size);
                    ctx.line_to(x + size, y);
                    ctx.line_to(x, y + size);
                    ctx.line_to(x - size, y);
                    ctx.close_path();
                }
            };
            ctx.save();
            ctx.set_line_join("round");
            diamonds(&mut |_| true);
            ctx.set_stroke_style_str(&palette.ink);
            ctx.set_line_width(3.5);
            ctx.stroke();
            ctx.set_stroke_style_str(&palette.jump);
            ctx.set_line_width(1.5);
            ctx.stroke();
            for (set_closed, colour) in [(true, &palette.closed), (false, &palette.open)] {
                diamonds(&mut |i| closed.get(i).copied().unwrap_or(false) == set_closed);
                ctx.set_fill_style_str(colour);
                ctx.fill();
            }
            ctx.restore();
        }
        if count > 0 && count < trace.len() {
            let (x, y) = at(trace.expanded[count - 1]);
            ctx.save();
            ctx.set_stroke_style_str(&palette.tile);
            ctx.set_line_width(unit * 0.9);
            canvas.circle(x, y, unit * 1.8);
            ctx.stroke();
            ctx.set_stroke_style_str(&palette.ink);
            ctx.set_line_width(unit * 0.45);
            canvas.circle(x, y, unit * 1.8);
            ctx.stroke();
            ctx.restore();
        }
    }

    // A line is drawn on a casing of `casing` half its width wider, so it
    // stands 3:1 against the floor, the walls and the search picture alike
    // (the line against one, its casing against the others).
    let polyline = |places: &[u32], colour: &str, casing: &str, width: f64, dash: bool| {
        if places.len() < 2 {
            return;
        }
        ctx.save();
        ctx.set_line_cap("round");
        ctx.set_line_join("round");
        ctx.begin_path();
        let (x, y) = at(places[0]);
        ctx.move_to(x, y);
        for &place in &places[1..] {
            let (x, y) = at(place);
            ctx.line_to(x, y);
        }
        ctx.set_stroke_style_str(casing);
        ctx.set_line_width(width * 1.6);
        ctx.stroke();
        ctx.set_stroke_style_str(colour);
        ctx.set_line_width(width);
        if dash {
            let pattern = js_sys::Array::of2(&(width * 2.0).into(), &(width * 1.6).into());
            let _ = ctx.set_line_dash(&pattern);
        }
        ctx.stroke();
        ctx.restore();
    };
    // The amber of the walk, the walker and hints stands on a casing of
    // the tiles' ink, dark in both schemes: the casing stands 3:1 against
    // the floor and the closed set, the amber against the open set and the
    // casing (tests/board_contrast.rs). The walls' colour, used before, is
    // a mid grey in the dark scheme and stood against neither.
    let amber_casing = palette.ink.as_str();
    // A ring around a point, on a casing like the lines'.
    let ring = |(x, y): (f64, f64), radius: f64, colour: &str| {
        ctx.set_stroke_style_str(amber_casing);
        ctx.set_line_width(unit * 1.0);
        canvas.circle(x, y, radius);
        ctx.stroke();
        ctx.set_stroke_style_str(colour);
        ctx.set_line_width(unit * 0.6);
        canvas.circle(x, y, radius);
        ctx.stroke();
    };

    // The shortest route once the goal is reached, and the solver's route
    // ahead of the walker.
    let (before, after, t) = scene.frame;
    let won = after.place() == rules.goal_place();
    if let (true, Some(shortest)) = (won, scene.shortest) {
        polyline(
            &shortest.places,
            &palette.route,
            &palette.tile,
            unit * 1.1,
            true,
        );
    }
    if let Some(known) = &scene.known {
        polyline(known, &palette.route, &palette.tile, unit * 0.9, true);
    }
    if let Some(hint) = scene.hint {
        polyline(
            &[after.place(), hint.to],
            &palette.accent,
            amber_casing,
            unit * 1.2,
            true,
        );
        ring(at(hint.to), unit * 2.4, &palette.accent);
    }

    // The walk, with the walker mid-leg.
    let stepping = after.places().len() == before.places().len() + 1 && t < 1.0;
    let (trail, walker) = if stepping {
        let (a, b) = (at(before.place()), at(after.place()));
        let e = ease(t);
        (
            before.places(),
            (a.0 + (b.0 - a.0) * e, a.1 + (b.1 - a.1) * e),
        )
    } else {
        (after.places(), at(after.place()))
    };
    if trail.len() > 1 || stepping {
        ctx.save();
        ctx.set_line_cap("round");
        ctx.set_line_join("round");
        ctx.begin_path();
        let (x, y) = at(trail[0]);
        ctx.move_to(x, y);
        for &place in &trail[1..] {
            let (x, y) = at(place);
            ctx.line_to(x, y);
        }
        ctx.line_to(walker.0, walker.1);
        // The walk's amber on its dark casing (see `amber_casing`).
        ctx.set_stroke_style_str(amber_casing);
        ctx.set_line_width(unit * 1.9);
        ctx.stroke();
        ctx.set_stroke_style_str(&palette.accent);
        ctx.set_line_width(unit * 1.2);
        ctx.stroke();
        ctx.restore();
    }

    // Start and goal.
    // A marker on the board whose centre is within `radius` of its edge
    // (S and G in a Moving AI map's corners) is drawn that far in, whole:
    // cut in half, its letter would not read. One off the board (zoomed)
    // stays off it.
    let whole = |(x, y): (f64, f64), radius: f64| {
        let inward = |v: f64, size: f64| {
            if (0.0..=size).contains(&v) && size > 2.0 * radius {
                v.clamp(radius, size - radius)
            } else {
                v
            }
        };
        (inward(x, layout.width), inward(y, layout.height))
    };
    let radius = (unit * 2.2).max(MIN_TEXT_PX * 0.75);
    let marker = |place: u32, colour: &str, letter: &str| {
        let (x, y) = whole(at(place), radius + unit * 0.2);
        ctx.set_fill_style_str(colour);
        canvas.circle(x, y, radius);
        ctx.fill();
        // A rim of the floor's colour: the marker stands out on the search
        // picture as its fill does on the floor.
        ctx.set_stroke_style_str(&palette.tile);
        ctx.set_line_width(unit * 0.4);
        ctx.stroke();
        ctx.set_fill_style_str("#ffffff");
        ctx.set_font(&format!(
            "700 {}px system-ui, sans-serif",
            (unit * 2.6).max(MIN_TEXT_PX).round()
        ));
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        let _ = ctx.fill_text(letter, x, y + unit * 0.1);
    };
    marker(rules.start_place(), &palette.route, "S");
    marker(rules.goal_place(), &palette.goal, "G");

    // The walker.
    ctx.set_fill_style_str(&palette.accent);
    ctx.set_stroke_style_str(amber_casing);
    ctx.set_line_width(unit * 0.5);
    // Kept in as far as the markers are: on the start, it sits on S.
    let walker = whole(walker, radius + unit * 0.2);
    canvas.circle(walker.0, walker.1, unit * 1.7);
    ctx.fill();
    ctx.stroke();

    // A tap that moved nothing: a ring where it was, shaking or flashing.
    if let Some(look) = scene.nudge {
        let cell = unit * 3.0;
        let (x, y) = (look.at.0 + look.shift * cell * 4.0, look.at.1);
        ctx.save();
        if look.flash > 0.0 {
            ctx.set_global_alpha(look.flash.clamp(0.0, 1.0));
        }
        ring((x, y), unit * 2.6, &palette.accent);
        ctx.restore();
    }

    if let Some(progress) = scene.celebration {
        celebrate(canvas, progress);
    }
}

/// The office plan as shapes: floor, walls, furniture, room names;
/// `(sx, sy)` screen pixels a plan pixel, the plan's corner at `(left, top)`.
fn draw_office(
    canvas: &Canvas<'_>,
    plan: &FloorPlan,
    (sx, sy): (f64, f64),
    (left, top): (f64, f64),
) {
    let (ctx, palette) = (canvas.ctx, canvas.palette);
    let fill = |rect: &Rect, colour: &str| {
        ctx.set_fill_style_str(colour);
        ctx.fill_rect(
            rect.x as f64 * sx + left,
            rect.y as f64 * sy + top,
            rect.width as f64 * sx,
            rect.height as f64 * sy,
        );
    };
    ctx.set_fill_style_str(&palette.board);
    ctx.fill_rect(
        left,
        top,
        plan.width() as f64 * sx,
        plan.height() as f64 * sy,
    );
    fill(&plan.outline(), &palette.tile);
    for room in plan.rooms() {
        fill(&room.floor, &palette.tile);
    }
    for wall in plan.walls() {
        fill(wall, &palette.board);
    }
    for obstacle in plan.obstacles() {
        let colour = match obstacle.kind {
            Furniture::Desk => "#b48a58",
            Furniture::Table => "#8c6842",
            Furniture::Counter => "#7d8ca3",
            Furniture::Pillar => "#8a8a8a",
        };
        fill(&obstacle.rect, colour);
    }
    ctx.save();
    ctx.set_fill_style_str(&palette.ink);
    ctx.set_global_alpha(0.55);
    let size = (9.0 * sx.min(sy)).clamp(MIN_TEXT_PX, 16.0);
    ctx.set_font(&format!("600 {size:.0}px system-ui, sans-serif"));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    for room in plan.rooms() {
        let _ = ctx.fill_text(
            &room.name,
            room.label.x * sx + left,
            room.label.y * sy + top,
        );
    }
    ctx.restore();
}

/// The banner, saying "Goal!" rather than "Solved!".
fn celebrate(canvas: &Canvas<'_>, progress: f64) {
    canvas.banner_text(progress, "Goal!");
}
