//! Route finding for JavaScript: a floor plan's waypoints ([`Route`]) and
//! a map's pixels ([`RouteGrid`]).

use wasm_bindgen::prelude::*;

use super::args::{bytes, integer, optional_integer, optional_string, string, Arg};

use crate::route::grid::MAX_PIXELS;
use crate::route::{format_nodes, maze, parse_nodes, Grid, Moves, Waypoints};

use super::{js_error, read_seed, ANY};

/// A floor plan's waypoints (the nodes format: `x y n1 n2 ...` a line, the
/// first the start and the last the goal) and the shortest route through
/// them.
///
/// ```js
/// const plan = Route.fromNodes(text);          // throws: "line 3: ..."
/// const { path, distance } = plan.shortest();  // [0, 3, 4, 7, 8, 9], 322.51...
/// ```
#[wasm_bindgen]
pub struct Route {
    waypoints: Waypoints,
}

#[wasm_bindgen]
impl Route {
    /// Reads a nodes text; throws an `Error` with the line and the reason
    /// if it is malformed.
    #[wasm_bindgen(js_name = fromNodes)]
    pub fn from_nodes(text: JsValue) -> Result<Route, JsValue> {
        let text = string(&text, Arg::new("Route.fromNodes", "text"))?;
        parse_nodes(&text)
            .map(|waypoints| Route { waypoints })
            .map_err(js_error)
    }

    /// How many waypoints there are.
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> usize {
        self.waypoints.len()
    }

    /// The shortest route from the first waypoint to the last, as
    /// `{ path, distance }` (`path`: the waypoints' indices, start to goal;
    /// `distance`: its length in pixels), or `null` if they are not
    /// connected.
    pub fn shortest(&self) -> JsValue {
        self.route(0, self.waypoints.len() - 1)
    }

    /// The same between waypoints `from` and `to`; throws a `RangeError`
    /// if either does not exist.
    #[wasm_bindgen(js_name = shortestBetween)]
    pub fn shortest_between(&self, from: JsValue, to: JsValue) -> Result<JsValue, JsValue> {
        let last = self.waypoints.len() - 1;
        let from = integer(&from, Arg::new("Route.shortestBetween", "from"), 0..=last)?;
        let to = integer(&to, Arg::new("Route.shortestBetween", "to"), 0..=last)?;
        Ok(self.route(from, to))
    }

    /// The shortest route between two waypoints that exist, as a
    /// `{ path, distance, expanded }` object or `null`.
    fn route(&self, from: usize, to: usize) -> JsValue {
        match self.waypoints.shortest(from, to) {
            Some(route) => {
                let path: js_sys::Array = route.path.iter().map(|&i| JsValue::from(i)).collect();
                route_object(path.into(), route.distance, route.expanded)
            }
            None => JsValue::NULL,
        }
    }

    /// The waypoints in the nodes format.
    #[wasm_bindgen(js_name = toNodes)]
    pub fn to_nodes(&self) -> String {
        format_nodes(&self.waypoints)
    }
}

/// `{ path, distance, expanded }`.
fn route_object(path: JsValue, distance: f64, expanded: u64) -> JsValue {
    let object = js_sys::Object::new();
    for (key, value) in [
        ("path", path),
        ("distance", JsValue::from(distance)),
        ("expanded", JsValue::from(expanded as f64)),
    ] {
        js_sys::Reflect::set(&object, &JsValue::from_str(key), &value)
            .expect("a plain object takes any key");
    }
    object.into()
}

/// A map as a grid of pixels, walkable where the image is light, and the
/// shortest walk across it.
///
/// ```js
/// const map = RouteGrid.fromRgba(width, height, imageData.data);   // threshold 128
/// const walk = map.shortest(0, 0, width - 1, height - 1, "8");     // or "4"
/// // walk: { path: [[0, 0], [1, 1], ...], distance, expanded } or null
/// ```
#[wasm_bindgen]
pub struct RouteGrid {
    grid: Grid,
}

#[wasm_bindgen]
impl RouteGrid {
    /// From RGBA pixels (an `ImageData`'s `data`): pixels whose lightness is
    /// at least `threshold` (0 to 255, 128 if not given) are walkable,
    /// transparent ones are walls. Throws if the bytes are not
    /// `width * height * 4`.
    #[wasm_bindgen(js_name = fromRgba)]
    pub fn from_rgba(
        width: JsValue,
        height: JsValue,
        rgba: JsValue,
        threshold: JsValue,
    ) -> Result<RouteGrid, JsValue> {
        const FUNCTION: &str = "RouteGrid.fromRgba";
        let (width, height, threshold) = image_size(FUNCTION, &width, &height, &threshold)?;
        let rgba = bytes(&rgba, Arg::new(FUNCTION, "rgba"))?;
        Grid::from_rgba(width, height, &rgba, threshold)
            .map(|grid| RouteGrid { grid })
            .map_err(js_error)
    }

    /// From a gray image, one byte a pixel; as [`RouteGrid::from_rgba`].
    #[wasm_bindgen(js_name = fromGray)]
    pub fn from_gray(
        width: JsValue,
        height: JsValue,
        gray: JsValue,
        threshold: JsValue,
    ) -> Result<RouteGrid, JsValue> {
        const FUNCTION: &str = "RouteGrid.fromGray";
        let (width, height, threshold) = image_size(FUNCTION, &width, &height, &threshold)?;
        let gray = bytes(&gray, Arg::new(FUNCTION, "gray"))?;
        Grid::from_gray(width, height, &gray, threshold)
            .map(|grid| RouteGrid { grid })
            .map_err(js_error)
    }

    /// A seeded perfect maze of `wide` x `high` cells (`2 * wide + 1` by
    /// `2 * high + 1` pixels; its start is (1, 1), its goal the pixel
    /// diagonally in from the bottom-right corner).
    pub fn maze(wide: JsValue, high: JsValue, seed: JsValue) -> Result<RouteGrid, JsValue> {
        // Past this a side alone has more pixels than a map may: `maze`
        // refuses such sizes, and they cannot overflow its arithmetic.
        let cells = 1..=MAX_PIXELS;
        let wide = integer(&wide, Arg::new("RouteGrid.maze", "wide"), cells.clone())?;
        let high = integer(&high, Arg::new("RouteGrid.maze", "high"), cells)?;
        let seed = read_seed(&seed, Arg::new("RouteGrid.maze", "seed"))?;
        maze(wide, high, seed)
            .map(|made| RouteGrid { grid: made.grid })
            .map_err(js_error)
    }

    /// The width in pixels: 1 to 4,096, with at most [`MAX_PIXELS`] in all.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// The height in pixels, within the same limits as the width.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// The map's pixels, row by row: 1 walkable, 0 a wall (to draw the
    /// map, or to hand it to a worker).
    pub fn walkable(&self) -> Vec<u8> {
        self.grid.walkable_bytes()
    }

    /// Whether the pixel at (`x`, `y`) is on the map and walkable.
    #[wasm_bindgen(js_name = isWalkable)]
    pub fn is_walkable(&self, x: JsValue, y: JsValue) -> Result<bool, JsValue> {
        let x = integer(&x, Arg::new("RouteGrid.isWalkable", "x"), ANY)?;
        let y = integer(&y, Arg::new("RouteGrid.isWalkable", "y"), ANY)?;
        Ok(self.grid.is_walkable((x as usize, y as usize)))
    }

    /// The shortest walk from (`from_x`, `from_y`) to (`to_x`, `to_y`) with
    /// `moves` `"4"` (up, down, left, right), `"8"` (diagonals too; the
    /// default) or `"any"` (straight lines in any direction between the
    /// pixels where the route turns), as `{ path, distance, expanded }`
    /// (`path`: `[x, y]` pairs, start to goal; for `"any"`, the start, the
    /// turns and the goal), or `null` if walls part them. Throws if the start or
    /// the goal is off the map or on a wall, or `moves` is neither.
    pub fn shortest(
        &self,
        from_x: JsValue,
        from_y: JsValue,
        to_x: JsValue,
        to_y: JsValue,
        moves: JsValue,
    ) -> Result<JsValue, JsValue> {
        const FUNCTION: &str = "RouteGrid.shortest";
        let [from_x, from_y, to_x, to_y] = [
            (&from_x, "fromX"),
            (&from_y, "fromY"),
            (&to_x, "toX"),
            (&to_y, "toY"),
        ]
        .map(|(value, name)| integer(value, Arg::new(FUNCTION, name), ANY).map(|n| n as usize));
        let (from, to) = ((from_x?, from_y?), (to_x?, to_y?));
        let moves = optional_string(&moves, Arg::new(FUNCTION, "moves"))?;
        let moves = match moves.as_deref() {
            Some("8") | None => Moves::Eight,
            Some("4") => Moves::Four,
            Some("any") => Moves::AnyAngle,
            Some(other) => {
                return Err(js_error(format!(
                    "moves must be \"4\", \"8\" or \"any\", not \"{other}\""
                )))
            }
        };
        let found = self
            .grid
            .shortest(from, to, moves, moves.estimate())
            .map_err(js_error)?;
        Ok(match found {
            Some(walk) => {
                let path: js_sys::Array = walk
                    .pixels
                    .iter()
                    .map(|&(x, y)| -> JsValue {
                        [JsValue::from(x), JsValue::from(y)]
                            .into_iter()
                            .collect::<js_sys::Array>()
                            .into()
                    })
                    .collect();
                route_object(path.into(), walk.distance, walk.expanded)
            }
            None => JsValue::NULL,
        })
    }
}

/// An image's width, height and threshold (0 to 255, 128 if not given).
fn image_size(
    function: &str,
    width: &JsValue,
    height: &JsValue,
    threshold: &JsValue,
) -> Result<(usize, usize, u8), JsValue> {
    let width = integer(width, Arg::new(function, "width"), ANY)?;
    let height = integer(height, Arg::new(function, "height"), ANY)?;
    let threshold = optional_integer(threshold, Arg::new(function, "threshold"), 0..=u8::MAX)?;
    Ok((width as usize, height as usize, threshold.unwrap_or(128)))
}
