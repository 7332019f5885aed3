//! The Route game's search lab on the page: drawing walls (the stroke's
//! pointer events, its preview), New blank map, opening a
//! Moving AI `.map` file, the Algorithm and Weight controls with the corner
//! rule in words, and the comparison table with its sortable headings.
//! What the pointer, the settings and the headings mean is decided in
//! `app::route`; this module only carries events there and draws.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlButtonElement, HtmlElement, HtmlInputElement, HtmlSelectElement};

use super::dom::{by_id, document, listen, set_hidden, set_text};
use super::draw::Canvas;
use super::services::{ScreenHandle, ScreenSlot};
use crate::app::route::search_comparison::{Column, SearchComparison};
use crate::app::route::{Map, MapKind, Mode, RouteGame, StrokeKind, Walk, IMAGE_MAX_PIXELS};
use crate::app::wording::capitalise;
use crate::app::workers::SolverQueue;
use crate::app::Play;
use crate::route::{movingai, Algorithm, MAX_WEIGHT};

/// The lab's controls.
pub struct MapLab {
    algorithm: HtmlSelectElement,
    weight: HtmlInputElement,
    /// The Weight field (the label around the input), shown only for
    /// searches that use an estimate.
    weight_field: HtmlElement,
    walls: HtmlButtonElement,
    /// The rule at walls for the walk chosen, in words.
    corner: HtmlElement,
    blank_size: HtmlSelectElement,
    new_blank: HtmlButtonElement,
    table: HtmlElement,
    body: Element,
    /// The heading buttons, in [`Column::ALL`]'s order.
    headings: Vec<HtmlButtonElement>,
    /// The table's rows as last drawn (to redraw only when they change).
    drawn: String,
    /// Whether a stroke is under way: pointer moves reach the game only
    /// then (a mouse over the board moves all the time).
    stroking: Rc<Cell<bool>>,
    /// The board, which says for tests where the map is drawn on it
    /// (`data-map-box`: its width and height in CSS pixels, from its
    /// top-left corner, unzoomed) and its size in pixels (`data-map-size`).
    board: HtmlElement,
}

impl MapLab {
    /// The lab's controls from the page, the algorithms offered filled in.
    pub fn new() -> Result<MapLab, JsValue> {
        let algorithm: HtmlSelectElement = by_id("route-algorithm")?;
        for choice in Algorithm::ALL {
            let option =
                web_sys::HtmlOptionElement::new_with_text_and_value(choice.label(), choice.name())?;
            algorithm.add_with_html_option_element(&option)?;
        }
        let weight: HtmlInputElement = by_id("route-weight")?;
        weight.set_max(&MAX_WEIGHT.to_string());
        let table: HtmlElement = by_id("route-table")?;
        let head = table
            .query_selector("thead tr")?
            .ok_or("the comparison table has no heading row")?;
        let mut headings = Vec::new();
        for column in Column::ALL {
            let cell = document().create_element("th")?;
            cell.set_attribute("scope", "col")?;
            cell.set_attribute("aria-sort", "none")?;
            if column.is_numeric() {
                cell.set_class_name("number");
            }
            let button: HtmlButtonElement = document().create_element("button")?.dyn_into()?;
            button.set_type("button");
            button.set_text_content(Some(column.label()));
            cell.append_child(&button)?;
            head.append_child(&cell)?;
            headings.push(button);
        }
        Ok(MapLab {
            algorithm,
            weight,
            weight_field: by_id::<Element>("route-weight")?
                .parent_element()
                .ok_or("#route-weight has no field around it")?
                .dyn_into()?,
            walls: by_id("route-walls")?,
            corner: by_id("route-corner")?,
            blank_size: by_id("route-blank-size")?,
            new_blank: by_id("route-new-blank")?,
            body: table
                .query_selector("tbody")?
                .ok_or("the comparison table has no body")?,
            table,
            headings,
            drawn: String::new(),
            stroking: Rc::new(Cell::new(false)),
            board: by_id("board")?,
        })
    }

    /// The algorithm and weight chosen in the controls.
    fn chosen(&self) -> Option<(Algorithm, f64)> {
        let algorithm = Algorithm::named(&self.algorithm.value())?;
        let weight = self.weight.value_as_number();
        Some((algorithm, if weight.is_finite() { weight } else { 1.0 }))
    }
}

/// What the lab's handlers need of the Route screen.
pub trait MapLabScreen: 'static {
    /// The game.
    fn game(&mut self) -> &mut RouteGame;
    /// The lab's controls.
    fn lab(&mut self) -> &mut MapLab;
    /// The comparison of searches.
    fn comparison(&mut self) -> &mut SearchComparison;
}

/// Binds the lab's controls and the board's pointer events while drawing
/// walls.
pub fn install_map_lab<S: MapLabScreen>(lab: &MapLab, slot: &ScreenSlot) -> Result<(), JsValue> {
    slot.on(
        &lab.algorithm,
        "change",
        |screen: &mut S, solver, _, _: web_sys::Event| change_search(screen, solver),
    )?;
    slot.on(
        &lab.weight,
        "change",
        |screen: &mut S, solver, _, _: web_sys::Event| change_search(screen, solver),
    )?;
    slot.on(
        &lab.walls,
        "click",
        |screen: &mut S, solver, _, _: web_sys::Event| {
            screen.game().set_mode(Mode::Walls, solver);
        },
    )?;
    slot.on(
        &lab.new_blank,
        "click",
        |screen: &mut S, solver, _, _: web_sys::Event| {
            let side = screen.lab().blank_size.value().parse().unwrap_or(64);
            if let Err(message) = screen.game().new_blank(side, solver) {
                screen.game().set_note(format!("{}.", capitalise(&message)));
            }
        },
    )?;
    for (column, button) in Column::ALL.into_iter().zip(&lab.headings) {
        slot.on(
            button,
            "click",
            move |screen: &mut S, _, _, _: web_sys::Event| {
                screen.comparison().sort_by(column);
                // The rows are drawn again in their new order.
                screen.lab().drawn.clear();
            },
        )?;
    }
    install_strokes::<S>(lab, slot)
}

/// The board's pointer events while drawing walls: down begins a stroke,
/// moves grow it (the session's own pointer-up ends it).
fn install_strokes<S: MapLabScreen>(lab: &MapLab, slot: &ScreenSlot) -> Result<(), JsValue> {
    let board: HtmlElement = by_id("board")?;
    let point = {
        let board = board.clone();
        move |event: &web_sys::PointerEvent| {
            let rect = board.get_bounding_client_rect();
            (
                f64::from(event.client_x()) - rect.left(),
                f64::from(event.client_y()) - rect.top(),
            )
        }
    };
    let handle: ScreenHandle<S> = slot.handle();
    let stroking = lab.stroking.clone();
    let at = point.clone();
    listen(
        &board,
        "pointerdown",
        move |event: web_sys::PointerEvent| {
            // A second finger is a pinch, not a stroke.
            if !handle.is_shown() || !event.is_primary() {
                return;
            }
            let css = at(&event);
            let stroking = stroking.clone();
            handle.with(move |screen, _, _| {
                let game = screen.game();
                game.lab_pointer_down(css);
                stroking.set(game.ui().stroke.is_some());
            });
        },
    )?;
    let handle: ScreenHandle<S> = slot.handle();
    let stroking = lab.stroking.clone();
    listen(
        &board,
        "pointermove",
        move |event: web_sys::PointerEvent| {
            if !stroking.get() || !event.is_primary() {
                return;
            }
            let css = point(&event);
            handle.with(move |screen, _, _| {
                screen.game().lab_pointer_move(css);
            });
        },
    )?;
    for ending in ["pointerup", "pointercancel"] {
        let handle: ScreenHandle<S> = slot.handle();
        let stroking = lab.stroking.clone();
        listen(&board, ending, move |_: web_sys::PointerEvent| {
            if stroking.replace(false) && ending == "pointercancel" {
                handle.with(|screen, _, _| screen.game().lab_pointer_cancel());
            }
        })?;
    }
    Ok(())
}

/// The Algorithm or the Weight changed: the game is asked for it, and told
/// why not if it cannot be.
fn change_search<S: MapLabScreen>(screen: &mut S, solver: &mut dyn SolverQueue) {
    let Some((algorithm, weight)) = screen.lab().chosen() else {
        return;
    };
    let weight = weight.clamp(1.0, MAX_WEIGHT);
    if let Err(message) = screen.game().set_search(algorithm, weight, solver) {
        screen.game().set_note(format!("{}.", capitalise(&message)));
    }
}

/// Shows the lab's controls as the game stands.
pub fn refresh_map_lab(lab: &mut MapLab, game: &RouteGame, comparison: &SearchComparison) {
    let rules = game.game();
    let on_pixels = rules.walk() != Walk::Waypoints;
    let algorithm = rules.algorithm();
    if lab.algorithm.value() != algorithm.name() {
        lab.algorithm.set_value(algorithm.name());
    }
    // Jump point searches walk 8 ways only: offered only when they can be.
    let options = lab.algorithm.options();
    for (index, choice) in Algorithm::ALL.into_iter().enumerate() {
        if let Some(option) = options
            .item(index as u32)
            .and_then(|o| o.dyn_into::<web_sys::HtmlOptionElement>().ok())
        {
            option.set_disabled(choice.needs_eight() && rules.walk() == Walk::Four);
        }
    }
    lab.algorithm.set_disabled(!on_pixels);
    let weight = rules.weight().to_string();
    if lab.weight.value() != weight
        && document().active_element() != Some(lab.weight.clone().into())
    {
        lab.weight.set_value(&weight);
    }
    set_hidden(&lab.weight_field, !on_pixels || !algorithm.uses_estimate());
    let rule = rules.walk().corner_rule();
    set_hidden(&lab.corner, rule.is_none());
    if let Some(rule) = rule {
        if lab.corner.text_content().as_deref() != Some(rule) {
            set_text(&lab.corner, rule);
        }
    }
    let mode = game.ui().mode;
    let _ = lab.walls.set_attribute(
        "aria-pressed",
        if mode == Mode::Walls { "true" } else { "false" },
    );
    set_text(
        &lab.walls,
        if mode == Mode::Walls {
            "Done drawing"
        } else {
            "Draw walls"
        },
    );
    let layout = game.grid();
    let map = rules.map();
    for (name, value) in [
        (
            "data-map-box",
            format!("{},{}", layout.width, layout.height),
        ),
        ("data-map-size", format!("{},{}", map.width(), map.height())),
    ] {
        if lab.board.get_attribute(name).as_deref() != Some(&value) {
            let _ = lab.board.set_attribute(name, &value);
        }
    }
    refresh_table(lab, comparison);
}

/// Draws the comparison's rows and the headings' sort, when they changed.
fn refresh_table(lab: &mut MapLab, comparison: &SearchComparison) {
    let rows = comparison.rows();
    set_hidden(&lab.table, rows.is_empty());
    for ((_, sort), button) in comparison.headers().into_iter().zip(&lab.headings) {
        if let Some(cell) = button.parent_element() {
            if cell.get_attribute("aria-sort").as_deref() != Some(sort) {
                let _ = cell.set_attribute("aria-sort", sort);
            }
        }
    }
    let cells: Vec<[String; 6]> = rows.iter().map(|row| row.cells()).collect();
    let key = format!("{cells:?}");
    if key == lab.drawn {
        return;
    }
    lab.drawn = key;
    lab.body.set_text_content(None);
    let newest = comparison.searches().first();
    for (row, cells) in rows.iter().zip(cells) {
        let Ok(tr) = document().create_element("tr") else {
            return;
        };
        if Some(*row) == newest {
            tr.set_class_name("newest");
        }
        for (column, text) in Column::ALL.into_iter().zip(cells) {
            let tag = if column == Column::Algorithm {
                "th"
            } else {
                "td"
            };
            let Ok(cell) = document().create_element(tag) else {
                return;
            };
            if column == Column::Algorithm {
                let _ = cell.set_attribute("scope", "row");
            }
            if column.is_numeric() {
                cell.set_class_name("number");
            }
            cell.set_text_content(Some(&text));
            let _ = tr.append_child(&cell);
        }
        let _ = lab.body.append_child(&tr);
    }
}

/// Draws the stroke under way over the map: the pixels it paints or
/// erases, or where S or G would go.
pub fn draw_stroke(canvas: &Canvas<'_>, game: &RouteGame) {
    let Some(stroke) = game.ui().stroke.as_ref() else {
        return;
    };
    let (ctx, layout, palette) = (canvas.ctx, canvas.grid, canvas.palette);
    let map = game.game().map();
    let view = game.viewport();
    let zoomed = view.zoomed(layout);
    let (left, top) = view.to_screen((0.0, 0.0));
    let sx = zoomed.width / map.width() as f64;
    let sy = zoomed.height / map.height() as f64;
    ctx.save();
    match stroke.kind() {
        StrokeKind::Paint | StrokeKind::Erase => {
            let paint = stroke.kind() == StrokeKind::Paint;
            ctx.set_fill_style_str(if paint { &palette.ink } else { &palette.board });
            ctx.set_global_alpha(0.85);
            // At least a screen pixel, so that a stroke on a large map shows.
            let (w, h) = (sx.max(1.0), sy.max(1.0));
            for &(x, y) in stroke.cells() {
                ctx.fill_rect(x as f64 * sx + left, y as f64 * sy + top, w, h);
            }
        }
        StrokeKind::MoveStart | StrokeKind::MoveGoal => {
            let (x, y) = stroke.at();
            let centre = ((x as f64 + 0.5) * sx + left, (y as f64 + 0.5) * sy + top);
            ctx.set_stroke_style_str(&palette.accent);
            ctx.set_line_width(3.0);
            ctx.begin_path();
            let _ = ctx.arc(centre.0, centre.1, 10.0, 0.0, std::f64::consts::TAU);
            ctx.stroke();
        }
    }
    ctx.restore();
}

/// Opens a Moving AI `.map` file's text as the map played on; a file that
/// is not one (or too large for the page) gets its line and reason.
pub fn open_map_text(name: &str, text: &str, game: &mut RouteGame, solver: &mut dyn SolverQueue) {
    let grid = match movingai::parse_map(text) {
        Ok(grid) => grid,
        Err(error) => {
            game.set_note(format!("{name}: {}.", capitalise(&error.to_string())));
            return;
        }
    };
    let (width, height) = (grid.width(), grid.height());
    if width * height > IMAGE_MAX_PIXELS {
        game.set_note(format!(
            "{name} is {width} x {height} pixels: the page plays maps of at most {IMAGE_MAX_PIXELS} pixels (the CLI reads any)."
        ));
        return;
    }
    match Map::opened(name, grid) {
        Ok(map) => {
            game.load_map(map, solver);
            game.set_note(format!(
                "{name}: {width} x {height} pixels, a Moving AI map."
            ));
        }
        Err(message) => game.set_note(format!("{name}: {}.", capitalise(&message))),
    }
}

/// The Map selector's value for a drawn map, and its option's words.
pub fn drawn_option(kind: &MapKind) -> Option<String> {
    match kind {
        MapKind::Drawn { name } => Some(format!("Your map: {name}")),
        _ => None,
    }
}
