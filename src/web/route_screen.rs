//! Route finding's part of the page: its drawing, and its own controls
//! (Map, New maze, Open image and its threshold, Moves, Heuristic, Set
//! start, Set goal, Edit waypoints, Restart, the searches compared, the
//! distance walked, and the waypoints' import and export), and the search
//! lab's playback (play or pause, a step forward or back, the scrubber,
//! the speed, the legend, and what the search knew of the place under the
//! pointer).
//!
//! A player's image is read in the browser (file picker, or dropped on the
//! board), scaled down to at most [`IMAGE_MAX_PIXELS`], and never leaves
//! the page.

use crate::quote::quote;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlButtonElement, HtmlElement, HtmlInputElement, HtmlSelectElement,
    HtmlTextAreaElement, ImageBitmap,
};

use super::dom::{by_id, document, random_seed, set_hidden, set_text, url_param, window};
use super::draw::{scratch_canvas, Canvas};
use super::route_draw::{draw_route, Layers, RouteScene};
use super::route_lab::{
    draw_stroke, drawn_option, install_map_lab, open_map_text, refresh_map_lab, MapLab,
    MapLabScreen,
};
use super::screen::{Screen, View};
use super::services::{ScreenHandle, ScreenSlot};
use crate::app::address::{self, MapChoice};
use crate::app::route::search_comparison::SearchComparison;
use crate::app::route::solving::RouteAnswer;
use crate::app::route::{Map, MapKind, Mode, RouteFinding, RouteGame, Walk, IMAGE_MAX_PIXELS};
use crate::app::viewport::{MAX_ZOOM, ZOOM_STEP};
use crate::app::wording::capitalise;
use crate::app::workers::SolverQueue;
use crate::app::Play;
use crate::route::{Grid, Heuristic};

/// The maze sizes offered, as (selector value, cells a side).
const MAZES: [(&str, usize); 3] = [("maze-10", 10), ("maze-20", 20), ("maze-40", 40)];

/// A player's image, kept to threshold again.
struct Picture {
    name: String,
    width: usize,
    height: usize,
    rgba: Vec<u8>,
}

/// The search lab's playback controls, the jump points' legend entry and
/// the readout of a place's g, h and f.
struct Lab {
    group: HtmlElement,
    play: HtmlButtonElement,
    back: HtmlButtonElement,
    step: HtmlButtonElement,
    scrub: HtmlInputElement,
    count: Element,
    speed: HtmlSelectElement,
    readout: HtmlElement,
    legend_jump: HtmlElement,
    /// Where the pointer last was over the board (CSS pixels on it): the
    /// place whose g, h and f are read out.
    pointer: Option<(f64, f64)>,
}

impl Lab {
    fn new() -> Result<Lab, JsValue> {
        Ok(Lab {
            group: by_id("route-lab")?,
            play: by_id("route-lab-play")?,
            back: by_id("route-lab-back")?,
            step: by_id("route-lab-step")?,
            scrub: by_id("route-lab-scrub")?,
            count: by_id("route-lab-count")?,
            speed: by_id("route-lab-speed")?,
            readout: by_id("route-lab-readout")?,
            legend_jump: by_id("route-legend-jump")?,
            pointer: None,
        })
    }

    /// Brings the playback's controls up to date with the search shown.
    fn show(&self, game: &RouteGame, now: f64) {
        let playback = game.playback(now);
        set_hidden(&self.group, playback.is_none());
        let jump_points = game
            .shown_search()
            .is_some_and(|found| found.trace.jump_points);
        set_hidden(&self.legend_jump, !jump_points);
        let readout = self
            .pointer
            .and_then(|point| game.search_readout(point, now));
        set_hidden(&self.readout, readout.is_none());
        set_text(&self.readout, readout.as_deref().unwrap_or(""));
        let Some(playback) = playback else {
            return;
        };
        set_text(
            &self.play,
            if playback.playing {
                "Pause"
            } else if playback.shown >= playback.total {
                "Replay"
            } else {
                "Play"
            },
        );
        self.back.set_disabled(playback.shown == 0);
        self.step.set_disabled(playback.shown >= playback.total);
        let (max, value) = (playback.total.to_string(), playback.shown.to_string());
        if self.scrub.max() != max {
            self.scrub.set_max(&max);
        }
        if self.scrub.value() != value {
            self.scrub.set_value(&value);
        }
        let _ = self.scrub.set_attribute(
            "aria-valuetext",
            &format!("{} of {} expansions", playback.shown, playback.total),
        );
        set_text(
            &self.count,
            &format!("{} of {}", playback.shown, playback.total),
        );
        let _ = self
            .count
            .set_attribute("data-shown", &playback.shown.to_string());
        let rate = format!("{}", playback.rate);
        if self.speed.value() != rate {
            self.speed.set_value(&rate);
        }
    }
}

/// Route finding's own controls.
pub struct RouteView {
    map: HtmlSelectElement,
    new_maze: HtmlButtonElement,
    file: HtmlInputElement,
    threshold: HtmlInputElement,
    moves: HtmlSelectElement,
    heuristic: HtmlSelectElement,
    set_start: HtmlButtonElement,
    set_goal: HtmlButtonElement,
    edit: HtmlButtonElement,
    restart: HtmlButtonElement,
    walked: Element,
    stats: Element,
    /// Names the search picture's colours while it shows.
    legend: web_sys::HtmlElement,
    /// The search lab's playback.
    lab: Lab,
    compared: Element,
    nodes: HtmlTextAreaElement,
    load: HtmlButtonElement,
    export: HtmlButtonElement,
    error: Element,
    /// The Open image button (the file input's label).
    file_button: HtmlElement,
    /// The Threshold and Heuristic fields (labels around their inputs).
    threshold_field: HtmlElement,
    heuristic_field: HtmlElement,
    /// Why there is no Heuristic to choose, shown in its place.
    heuristic_why: HtmlElement,
    zoom_in: HtmlButtonElement,
    zoom_out: HtmlButtonElement,
    zoom_fit: HtmlButtonElement,
    /// The board, which says its zoom and where a tap walks to for tests.
    board: HtmlElement,
    layers: Layers,
    picture: Option<Picture>,
    /// The searches answered on this map, to compare.
    comparison: SearchComparison,
    /// The search lab's controls: walls, blank maps, the search chosen,
    /// the comparison table.
    map_lab: MapLab,
}

type RouteScreen = Screen<RouteView>;

/// The map the address asks for (`?map=office|maze-10|maze-20|maze-40`,
/// with `&seed=N` for a maze), or the office, with what could not be
/// honoured as written.
fn map_from_address(notes: &mut Vec<String>) -> Map {
    let sizes: Vec<usize> = MAZES.iter().map(|&(_, cells)| cells).collect();
    let Some(asked) = url_param("map").map(|text| address::map(&text, &sizes)) else {
        return Map::office();
    };
    notes.extend(asked.note);
    match asked.value {
        MapChoice::Office => Map::office(),
        MapChoice::Maze(cells) => {
            let seed = url_param("seed").map(|text| address::seed(&text));
            let seed = seed.and_then(|seed| {
                notes.extend(seed.note);
                seed.value
            });
            Map::maze(cells, cells, seed.unwrap_or_else(random_seed))
                .unwrap_or_else(|_| Map::office())
        }
    }
}

/// The field (the label around it) of the control `id`.
fn field_of(id: &str) -> Result<HtmlElement, JsValue> {
    let control: Element = by_id(id)?;
    Ok(control
        .parent_element()
        .ok_or_else(|| format!("#{id} has no field around it"))?
        .dyn_into()?)
}

/// Route finding on the map the address asks for.
pub fn route_screen() -> Result<RouteScreen, JsValue> {
    let mut notes = Vec::new();
    let map = map_from_address(&mut notes);
    let walk = url_param("moves")
        .map(|id| address::walk(&id))
        .and_then(|walk| {
            notes.extend(walk.note);
            walk.value
        })
        .unwrap_or_else(|| map.default_walk());
    let (rules, note) = RouteFinding::new(map, walk).searching_as_linked(
        url_param("algorithm").as_deref(),
        url_param("weight").as_deref(),
    );
    notes.extend(note);
    let start = rules.start();
    let mut game = RouteGame::new(rules, start);
    if !notes.is_empty() {
        game.set_note(notes.join(" "));
    }
    Ok(Screen {
        game,
        view: RouteView {
            map: by_id("route-map")?,
            new_maze: by_id("route-new-maze")?,
            file: by_id("route-file")?,
            threshold: by_id("route-threshold")?,
            moves: by_id("route-moves")?,
            heuristic: by_id("route-heuristic")?,
            set_start: by_id("route-start")?,
            set_goal: by_id("route-goal")?,
            edit: by_id("route-edit")?,
            restart: by_id("route-restart")?,
            walked: by_id("route-walked")?,
            stats: by_id("route-stats")?,
            legend: by_id("route-legend")?,
            lab: Lab::new()?,
            compared: by_id("route-compared")?,
            nodes: by_id("route-nodes")?,
            load: by_id("route-load")?,
            export: by_id("route-export")?,
            error: by_id("route-error")?,
            file_button: document()
                .query_selector("label[for='route-file']")?
                .ok_or("the page has no label for #route-file")?
                .dyn_into()?,
            threshold_field: field_of("route-threshold")?,
            heuristic_field: field_of("route-heuristic")?,
            heuristic_why: by_id("route-heuristic-why")?,
            zoom_in: by_id("route-zoom-in")?,
            zoom_out: by_id("route-zoom-out")?,
            zoom_fit: by_id("route-zoom-fit")?,
            board: by_id("board")?,
            layers: Layers::default(),
            picture: None,
            comparison: SearchComparison::default(),
            map_lab: MapLab::new()?,
        },
    })
}

impl MapLabScreen for RouteScreen {
    fn game(&mut self) -> &mut RouteGame {
        &mut self.game
    }

    fn lab(&mut self) -> &mut MapLab {
        &mut self.view.map_lab
    }

    fn comparison(&mut self) -> &mut SearchComparison {
        &mut self.view.comparison
    }
}

impl RouteScreen {
    /// Plays on the map chosen in the Map selector.
    fn choose_map(&mut self, value: &str, solver: &mut dyn SolverQueue) {
        let map = match value {
            "office" => Ok(Map::office()),
            "image" => match &self.view.picture {
                Some(picture) => self.view.picture_map(picture),
                None => Err("Open an image first.".into()),
            },
            _ => match MAZES.iter().find(|(id, _)| *id == value) {
                Some(&(_, cells)) => Map::maze(cells, cells, random_seed()),
                None => Err(format!(
                    "There is no map called {value}.",
                    value = quote(value)
                )),
            },
        };
        match map {
            Ok(map) => self.game.load_map(map, solver),
            Err(message) => self.game.set_note(capitalise(&message)),
        }
    }

    /// Reads a file the player picked or dropped: a Moving AI `.map` file
    /// as a grid map, anything else as an image.
    fn open_file(handle: &ScreenHandle<RouteScreen>, file: web_sys::File) {
        let name = file.name();
        if name.to_ascii_lowercase().ends_with(".map") {
            let read = handle.clone();
            let read_name = name.clone();
            let done = Closure::once(move |text: JsValue| {
                let text = text.as_string().unwrap_or_default();
                read.with(|screen, solver, _| {
                    open_map_text(&read_name, &text, &mut screen.game, solver);
                });
            });
            let failed = handle.clone();
            let refused = Closure::once(move |_: JsValue| {
                failed.with(|screen, _, _| {
                    screen.game.set_note(format!("{name} cannot be read."));
                });
            });
            let _ = file.text().then2(&done, &refused);
            // The promise settles once; the closures live until then.
            done.forget();
            refused.forget();
            return;
        }
        let Ok(promise) = window().create_image_bitmap_with_blob(&file) else {
            handle.with(|screen, _, _| screen.game.set_note(format!("{name} cannot be read.")));
            return;
        };
        let done = handle.clone();
        let decoded = Closure::once(move |bitmap: JsValue| {
            let bitmap: ImageBitmap = bitmap.unchecked_into();
            done.with(|screen, solver, _| match read_pixels(&bitmap) {
                Some((width, height, rgba)) => {
                    let picture = Picture {
                        name: name.clone(),
                        width,
                        height,
                        rgba,
                    };
                    match screen.view.picture_map(&picture) {
                        Ok(map) => {
                            screen.view.picture = Some(picture);
                            screen.game.load_map(map, solver);
                            screen.game.set_note(format!(
                                "{name}: {width} x {height} pixels; light pixels are floor, dark ones walls."
                            ));
                        }
                        Err(message) => {
                            screen.game.set_note(format!("{name}: {}.", message.trim_end_matches('.')))
                        }
                    }
                }
                None => screen.game.set_note(format!("{name} cannot be read as an image.")),
            });
        });
        let failed = handle.clone();
        let name_again = file.name();
        let refused = Closure::once(move |_: JsValue| {
            failed.with(|screen, _, _| {
                screen.game.set_note(format!(
                    "{name_again} is not an image this browser can read."
                ));
            });
        });
        let _ = promise.then2(&decoded, &refused);
        // The promise settles once; the closures live until then.
        decoded.forget();
        refused.forget();
    }
}

/// An image's pixels, scaled down to at most [`IMAGE_MAX_PIXELS`] and
/// [`crate::route::MAX_SIDE`] a side: width, height and RGBA bytes. The
/// scale is chosen from the bitmap's stated size, before anything of the
/// image's own size is allocated.
fn read_pixels(bitmap: &ImageBitmap) -> Option<(usize, usize, Vec<u8>)> {
    let (w, h) = (bitmap.width() as f64, bitmap.height() as f64);
    if w < 1.0 || h < 1.0 {
        return None;
    }
    let side = crate::route::MAX_SIDE as f64;
    let scale = (IMAGE_MAX_PIXELS as f64 / (w * h))
        .sqrt()
        .min(side / w)
        .min(side / h)
        .min(1.0);
    let (width, height) = (
        ((w * scale).floor()).max(1.0),
        ((h * scale).floor()).max(1.0),
    );
    let (_, ctx) = scratch_canvas(width as usize, height as usize)?;
    ctx.draw_image_with_image_bitmap_and_dw_and_dh(bitmap, 0.0, 0.0, width, height)
        .ok()?;
    let data = ctx.get_image_data(0.0, 0.0, width, height).ok()?;
    Some((width as usize, height as usize, data.data().0))
}

impl RouteView {
    /// The map of a picture at the threshold chosen.
    fn picture_map(&self, picture: &Picture) -> Result<Map, String> {
        let threshold = self.threshold.value_as_number();
        let threshold = if threshold.is_finite() {
            threshold.clamp(1.0, 255.0) as u8
        } else {
            128
        };
        let grid = Grid::from_rgba(picture.width, picture.height, &picture.rgba, threshold)?;
        Map::image(&picture.name, grid)
    }
}

/// Whether the editor is not open (a maze entered while editing keeps its
/// Done editing button, so the editor can be left).
fn mode_is_not_edit(game: &RouteGame) -> bool {
    game.ui().mode != Mode::Edit
}

impl RouteView {
    /// The zoom buttons, and for tests the board's
    /// `data-zoom` and `data-reachable`: where (CSS pixels on the board,
    /// `x,y` separated by spaces) a tap walks to a waypoint joined to the
    /// walker's.
    fn show_view(&self, game: &RouteGame) {
        let view = game.viewport();
        self.zoom_in.set_disabled(view.zoom() >= MAX_ZOOM);
        self.zoom_out.set_disabled(!view.is_zoomed());
        self.zoom_fit.set_disabled(!view.is_zoomed());
        let rules = game.game();
        let map = rules.map();
        let _ = self
            .board
            .set_attribute("data-zoom", &format!("{:.3}", view.zoom()));
        let grid = game.grid();
        let reachable: Vec<String> = match (&map.waypoints, rules.walk()) {
            (Some(graph), Walk::Waypoints) => {
                let at = game.state().place() as usize;
                graph
                    .neighbours(at)
                    .iter()
                    .map(|&i| {
                        let p = graph.point(i);
                        let board = (
                            (p.x + 0.5) * grid.width / map.width() as f64,
                            (p.y + 0.5) * grid.height / map.height() as f64,
                        );
                        let (x, y) = view.to_screen(board);
                        format!("{x:.1},{y:.1}")
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        let _ = self
            .board
            .set_attribute("data-reachable", &reachable.join(" "));
    }
}

impl View for RouteView {
    type Game = RouteFinding;
    const NAME: &'static str = "Route";
    const BOARD_LABEL: &'static str =
        "Route map: click the waypoints or points along your route, or walk with the arrow keys";
    const ADDRESS: &'static [&'static str] = &["map", "moves", "algorithm", "weight"];

    fn draw(&self, game: &RouteGame, canvas: &Canvas<'_>, now: f64) {
        let rules = game.game();
        let search = game
            .shown_search()
            .zip(game.playback(now))
            .map(|(found, playback)| (found, playback.shown));
        let revealing = search.is_some_and(|(found, shown)| shown < found.trace.len());
        let scene = RouteScene {
            rules,
            frame: game.frame(now),
            search,
            known: if game.is_autoplaying() && !revealing {
                game.known_route()
            } else {
                None
            },
            hint: game.hint().map(|hint| hint.mv),
            shortest: if game.is_won() {
                rules.shortest()
            } else {
                None
            },
            ui: game.ui().clone(),
            celebration: game.celebration(now),
            view: game.viewport(),
            nudge: game.nudge(now),
        };
        draw_route(canvas, &self.layers, &scene);
        draw_stroke(canvas, game);
    }

    fn install(&self, slot: &ScreenSlot) -> Result<(), JsValue> {
        self.install_lab(slot)?;
        slot.on(
            &self.map,
            "change",
            |screen: &mut RouteScreen, solver, _, _: web_sys::Event| {
                let value = screen.view.map.value();
                screen.choose_map(&value, solver);
            },
        )?;
        slot.on(
            &self.new_maze,
            "click",
            |screen: &mut RouteScreen, solver, _, _: web_sys::Event| {
                let cells = match &screen.game.game().map().kind {
                    MapKind::Maze { cells, .. } => cells.0,
                    _ => 20,
                };
                match Map::maze(cells, cells, random_seed()) {
                    Ok(map) => screen.game.load_map(map, solver),
                    Err(message) => screen.game.set_note(capitalise(&message)),
                }
            },
        )?;
        let handle = slot.handle::<RouteScreen>();
        slot.on(
            &self.file,
            "change",
            move |screen: &mut RouteScreen, _, _, _: web_sys::Event| {
                let file = screen.view.file.files().and_then(|files| files.get(0));
                if let Some(file) = file {
                    RouteScreen::open_file(&handle, file);
                }
                screen.view.file.set_value("");
            },
        )?;
        slot.on_file_drop::<RouteScreen>(RouteScreen::open_file)?;
        install_map_lab::<RouteScreen>(&self.map_lab, slot)?;
        slot.on(
            &self.threshold,
            "change",
            |screen: &mut RouteScreen, solver, _, _: web_sys::Event| {
                let showing_picture =
                    matches!(screen.game.game().map().kind, MapKind::Image { .. });
                if let (true, Some(picture)) = (showing_picture, &screen.view.picture) {
                    match screen.view.picture_map(picture) {
                        Ok(map) => screen.game.load_map(map, solver),
                        Err(message) => screen.game.set_note(capitalise(&message)),
                    }
                }
            },
        )?;
        slot.on(
            &self.moves,
            "change",
            |screen: &mut RouteScreen, solver, _, _: web_sys::Event| {
                if let Some(walk) = Walk::named(&screen.view.moves.value()) {
                    if let Err(message) = screen.game.set_walk(walk, solver) {
                        screen.game.set_note(format!("{}.", capitalise(&message)));
                    }
                }
            },
        )?;
        slot.on(
            &self.heuristic,
            "change",
            |screen: &mut RouteScreen, solver, _, _: web_sys::Event| {
                if let Some(heuristic) = Heuristic::named(&screen.view.heuristic.value()) {
                    screen.game.set_heuristic(heuristic, solver);
                }
            },
        )?;
        for (button, mode) in [
            (&self.set_start, Mode::SetStart),
            (&self.set_goal, Mode::SetGoal),
            (&self.edit, Mode::Edit),
        ] {
            slot.on(
                button,
                "click",
                move |screen: &mut RouteScreen, solver, _, _: web_sys::Event| {
                    screen.game.set_mode(mode, solver);
                },
            )?;
        }
        type Zoom = fn(&mut RouteGame, f64);
        let zooms: [(&HtmlButtonElement, Zoom); 3] = [
            (&self.zoom_in, |game, now| game.zoom_by(ZOOM_STEP, now)),
            (&self.zoom_out, |game, now| {
                game.zoom_by(1.0 / ZOOM_STEP, now)
            }),
            (&self.zoom_fit, |game, _| game.zoom_to_fit()),
        ];
        for (button, zoom) in zooms {
            slot.on(
                button,
                "click",
                move |screen: &mut RouteScreen, _, now, _: web_sys::Event| {
                    zoom(&mut screen.game, now)
                },
            )?;
        }
        slot.on(
            &self.restart,
            "click",
            |screen: &mut RouteScreen, solver, now, _: web_sys::Event| {
                screen.game.restart(now, solver);
            },
        )?;
        slot.on(
            &self.load,
            "click",
            |screen: &mut RouteScreen, solver, _, _: web_sys::Event| {
                let loaded = screen.game.load_nodes(&screen.view.nodes.value(), solver);
                set_text(&screen.view.error, loaded.err().as_deref().unwrap_or(""));
            },
        )?;
        slot.on(
            &self.export,
            "click",
            |screen: &mut RouteScreen, _, _, _: web_sys::Event| match screen
                .game
                .game()
                .export_nodes()
            {
                Some(text) => {
                    screen.view.nodes.set_value(&text);
                    set_text(&screen.view.error, "");
                }
                None => set_text(
                    &screen.view.error,
                    "This map has no waypoints yet: add some with Edit waypoints.",
                ),
            },
        )
    }

    fn refresh(&mut self, game: &RouteGame, now: f64) {
        let rules = game.game();
        set_text(&self.walked, &game.distance_text());
        let map = match &rules.map().kind {
            MapKind::Office => "office".to_string(),
            MapKind::Maze { cells, .. } => format!("maze-{}", cells.0),
            MapKind::Image { .. } => "image".to_string(),
            MapKind::Drawn { .. } => "drawn".to_string(),
        };
        if let Some(option) = self.map.options().named_item("drawn") {
            if let Ok(option) = option.dyn_into::<web_sys::HtmlOptionElement>() {
                let words = drawn_option(&rules.map().kind);
                option.set_disabled(words.is_none());
                if let Some(words) = words {
                    option.set_text(&words);
                }
            }
        }
        if let Some(option) = self.map.options().named_item("image") {
            if let Ok(option) = option.dyn_into::<web_sys::HtmlOptionElement>() {
                option.set_disabled(self.picture.is_none());
                if let Some(picture) = &self.picture {
                    option.set_text(&format!("Your image: {}", picture.name));
                }
            }
        }
        if self.map.value() != map {
            self.map.set_value(&map);
        }
        if self.moves.value() != rules.walk().id() {
            self.moves.set_value(rules.walk().id());
        }
        let heuristic = rules.heuristic().name();
        if self.heuristic.value() != heuristic {
            self.heuristic.set_value(heuristic);
        }
        // Lazy Theta* always measures the straight line: no choice to offer,
        // and a line says so where the choice was.
        let any_angle = rules.walk() == Walk::AnyAngle;
        set_hidden(&self.heuristic_field, any_angle);
        set_hidden(&self.heuristic_why, !any_angle);
        // Controls that do nothing on this map are not shown: a maze has no
        // waypoints to edit and is no picture (an image is opened from the
        // office, or dropped on any map); only a picture has a threshold;
        // only a maze can be dealt anew.
        let kind = &rules.map().kind;
        let maze = matches!(kind, MapKind::Maze { .. });
        set_hidden(&self.new_maze, !maze);
        set_hidden(&self.file_button, maze);
        set_hidden(&self.edit, maze && mode_is_not_edit(game));
        set_hidden(
            &self.threshold_field,
            !matches!(kind, MapKind::Image { .. }),
        );
        self.show_view(game);
        let mode = game.ui().mode;
        for (button, own) in [
            (&self.set_start, Mode::SetStart),
            (&self.set_goal, Mode::SetGoal),
            (&self.edit, Mode::Edit),
        ] {
            let pressed = if mode == own { "true" } else { "false" };
            let _ = button.set_attribute("aria-pressed", pressed);
        }
        set_text(
            &self.edit,
            if mode == Mode::Edit {
                "Done editing"
            } else {
                "Edit waypoints"
            },
        );
        self.comparison.follow(game);
        set_text(&self.stats, &self.comparison.last_text());
        let picture = game.shown().is_some_and(|shown| {
            matches!(shown.answer.get(), Some(RouteAnswer { found: Some(_), .. }))
        });
        set_hidden(&self.legend, !picture);
        self.lab.show(game, now);
        refresh_map_lab(&mut self.map_lab, game, &self.comparison);
        set_text(
            &self.compared,
            if self.comparison.searches().len() > 1 {
                "Click a heading to sort the searches."
            } else {
                ""
            },
        );
    }
}

impl RouteView {
    /// Binds the search lab's playback: its buttons, scrubber and speed;
    /// the pointer over the board (a mouse hovering) for the readout; and
    /// a tap on the board while the playback is paused, which reads the
    /// place out instead of walking (walking would leave the search),
    /// while a drag still pans.
    fn install_lab(&self, slot: &ScreenSlot) -> Result<(), JsValue> {
        slot.on(
            &self.lab.play,
            "click",
            |screen: &mut RouteScreen, _, now, _: web_sys::Event| screen.game.toggle_search(now),
        )?;
        slot.on(
            &self.lab.back,
            "click",
            |screen: &mut RouteScreen, _, now, _: web_sys::Event| screen.game.step_search(-1, now),
        )?;
        slot.on(
            &self.lab.step,
            "click",
            |screen: &mut RouteScreen, _, now, _: web_sys::Event| screen.game.step_search(1, now),
        )?;
        slot.on(
            &self.lab.scrub,
            "input",
            |screen: &mut RouteScreen, _, _, _: web_sys::Event| {
                let value = screen.view.lab.scrub.value_as_number();
                if value.is_finite() && value >= 0.0 {
                    screen.game.show_expansions(value as usize);
                }
            },
        )?;
        slot.on(
            &self.lab.speed,
            "change",
            |screen: &mut RouteScreen, _, now, _: web_sys::Event| {
                if let Ok(rate) = screen.view.lab.speed.value().parse::<f64>() {
                    screen.game.set_search_rate(rate, now);
                }
            },
        )?;
        slot.on(
            &self.board,
            "pointermove",
            |screen: &mut RouteScreen, _, _, event: web_sys::PointerEvent| {
                if event.pointer_type() == "mouse" {
                    screen.view.lab.pointer = Some(board_point(&screen.view.board, &event));
                }
            },
        )?;
        // Before the board's own handler (capturing, on the element around
        // it): a tap while the playback is paused reads out the place
        // instead of walking; a drag goes on to the board (it pans a
        // zoomed map), as the gesture's start did.
        let wrap: web_sys::EventTarget = by_id::<Element>("board-wrap")?.into();
        let handle = slot.handle::<RouteScreen>();
        let tap = Closure::<dyn FnMut(web_sys::PointerEvent)>::new(
            move |event: web_sys::PointerEvent| {
                if !handle.is_shown() || !event.is_primary() {
                    return;
                }
                handle.with(|screen, _, now| {
                    let point = board_point(&screen.view.board, &event);
                    if screen.game.tap_reads_search(point, now) {
                        screen.view.lab.pointer = Some(point);
                    }
                });
            },
        );
        wrap.add_event_listener_with_callback_and_bool(
            "pointerup",
            tap.as_ref().unchecked_ref(),
            true,
        )?;
        // Listeners live as long as the page: leaking the closure is the
        // intent.
        tap.forget();
        Ok(())
    }
}

/// Where a pointer event is on the board, in CSS pixels from its corner.
fn board_point(board: &HtmlElement, event: &web_sys::PointerEvent) -> (f64, f64) {
    let rect = board.get_bounding_client_rect();
    (
        f64::from(event.client_x()) - rect.left(),
        f64::from(event.client_y()) - rect.top(),
    )
}
