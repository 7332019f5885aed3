//! Pictures on the sliding puzzle's tiles, without the page: which pictures
//! there are, what the player chose (and how that is stored), and the
//! geometry of cutting a picture into tiles.
//!
//! A picture is cropped about its centre to the board's shape (a 4x3 board
//! takes a wider piece than a 4x4), and each tile shows the piece of that
//! crop that covers the tile's cell in the solved position, wherever the
//! tile is now. The blank's piece is not shown while the puzzle is played.
//! With "numbers on pictures", each tile also carries its number, small, on
//! a backing in one corner ([`number_badge`]), so that the puzzle stays
//! solvable by eye when parts of the picture look alike.

use crate::app::grid::ScreenRect;
use crate::quote::quote;

/// Where the player's choice is kept in the browser. Its own key, apart
/// from the games' saves, so that either can change its format alone.
pub const STORAGE_KEY: &str = "slide.picture.v1";

/// The first line of the stored settings; a different one (another
/// version, or not ours) is refused.
const HEADER: &str = "slide picture v1";

/// The longer side, in pixels, a player's image is scaled down to before it
/// is kept: enough for a sharp 10x10 board on a phone, small enough (tens
/// of kilobytes as a JPEG) to store.
pub const OWN_IMAGE_MAX_SIDE: u32 = 512;

/// The longest stored image accepted, in characters of its data URL: a
/// [`OWN_IMAGE_MAX_SIDE`] image is far below it; anything longer was not
/// written by this page.
const MAX_DATA_URL: usize = 3_000_000;

/// A picture that comes with the game (`www/pictures/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltIn {
    /// Its value in the Picture selector and in the stored settings.
    pub id: &'static str,
    /// Its name in the Picture selector.
    pub name: &'static str,
    /// Its address, relative to the page.
    pub path: &'static str,
}

/// The built-in pictures, in the order the selector lists them. Each is
/// drawn so that every tile of a 10x10 board differs from the others (no
/// large flat areas): gradients run across both axes and details are
/// spread over the whole picture.
pub const BUILT_IN: [BuiltIn; 4] = [
    BuiltIn {
        id: "hills",
        name: "Hills and sun",
        path: "pictures/hills.svg",
    },
    BuiltIn {
        id: "mosaic",
        name: "Mosaic",
        path: "pictures/mosaic.svg",
    },
    BuiltIn {
        id: "harbour",
        name: "Boats at sea",
        path: "pictures/harbour.svg",
    },
    BuiltIn {
        id: "balloons",
        name: "Balloons",
        path: "pictures/balloons.svg",
    },
];

/// The built-in picture with this id.
pub fn built_in(id: &str) -> Option<&'static BuiltIn> {
    BUILT_IN.iter().find(|picture| picture.id == id)
}

/// What the tiles show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Choice {
    /// Numbers on plain tiles.
    #[default]
    Numbers,
    /// One of the [`BUILT_IN`] pictures ([`built_in`] finds one by its id).
    BuiltIn(&'static BuiltIn),
    /// The player's own image.
    Own,
}

impl Choice {
    /// The choice's value in the Picture selector and the stored settings.
    pub fn value(self) -> &'static str {
        match self {
            Choice::Numbers => "numbers",
            Choice::BuiltIn(picture) => picture.id,
            Choice::Own => "own",
        }
    }

    /// The choice with this value, if there is one.
    pub fn from_value(value: &str) -> Option<Choice> {
        match value {
            "numbers" => Some(Choice::Numbers),
            "own" => Some(Choice::Own),
            id => built_in(id).map(Choice::BuiltIn),
        }
    }
}

/// What the player chose, as kept between visits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// What the tiles show.
    pub choice: Choice,
    /// Whether tiles showing a picture also show their number.
    pub numbers: bool,
    /// The player's own image as a `data:image/...;base64,` URL, kept even
    /// while another choice is shown so that choosing it again brings it
    /// back.
    pub own: Option<String>,
}

impl Settings {
    /// The settings as stored: a header line, then one `name value` line
    /// each.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{HEADER}\nchoice {}\nnumbers {}\n",
            self.choice.value(),
            if self.numbers { "on" } else { "off" }
        );
        if let Some(own) = &self.own {
            text.push_str("image ");
            text.push_str(own);
            text.push('\n');
        }
        text
    }

    /// Reads stored settings, refusing (with the reason) anything this
    /// version did not write: another header, an unknown line or choice,
    /// a repeated line, an image that is not an image data URL, or the
    /// player's image chosen with none kept.
    pub fn parse(text: &str) -> Result<Settings, String> {
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err("the stored picture settings are not of this version".into());
        }
        let (mut choice, mut numbers, mut own) = (None, None, None);
        for line in lines.filter(|line| !line.is_empty()) {
            let (name, value) = line.split_once(' ').unwrap_or((line, ""));
            let repeated = match name {
                "choice" => {
                    choice
                        .replace(Choice::from_value(value).ok_or_else(|| {
                            format!("there is no picture called {}", quote(value))
                        })?)
                        .is_some()
                }
                "numbers" => numbers
                    .replace(match value {
                        "on" => true,
                        "off" => false,
                        _ => {
                            return Err(format!("numbers must be on or off, not {}", quote(value)))
                        }
                    })
                    .is_some(),
                "image" => {
                    check_data_url(value)?;
                    own.replace(value.to_string()).is_some()
                }
                _ => {
                    return Err(format!(
                        "unknown line {} in the picture settings",
                        quote(name)
                    ))
                }
            };
            if repeated {
                return Err(format!("the picture settings give {name} twice"));
            }
        }
        let choice = choice.ok_or("the picture settings do not say which picture")?;
        if choice == Choice::Own && own.is_none() {
            return Err("the player's image is chosen but none is kept".into());
        }
        Ok(Settings {
            choice,
            numbers: numbers.unwrap_or(false),
            own,
        })
    }
}

/// Checks that `url` is a base64 PNG, JPEG or WebP data URL of a sensible
/// length.
pub fn check_data_url(url: &str) -> Result<(), String> {
    let data = ["png", "jpeg", "webp"]
        .iter()
        .find_map(|kind| url.strip_prefix(&format!("data:image/{kind};base64,")))
        .ok_or("the kept image is not a PNG, JPEG or WebP data URL")?;
    if data.is_empty() || url.len() > MAX_DATA_URL {
        return Err("the kept image is empty or too large".into());
    }
    let body = data.trim_end_matches('=');
    let base64 = |c: char| c.is_ascii_alphanumeric() || c == '+' || c == '/';
    if data.len() - body.len() > 2 || !body.chars().all(base64) {
        return Err("the kept image is not valid base64".into());
    }
    Ok(())
}

/// The part of an image of `width` x `height` pixels that a board of
/// `cols` x `rows` shows: the largest rectangle of the board's shape
/// centred in the image, in the image's pixels.
pub fn centre_crop(
    width: f64,
    height: f64,
    cols: usize,
    rows: usize,
) -> Result<ScreenRect, String> {
    if !(width.is_finite() && height.is_finite()) || width < 1.0 || height < 1.0 {
        return Err(format!(
            "the image has no pixels to show ({width} x {height})"
        ));
    }
    if cols == 0 || rows == 0 {
        return Err(format!("a board of {cols} x {rows} cells has no tiles"));
    }
    let board = cols as f64 / rows as f64;
    let (w, h) = if width / height > board {
        // Wider than the board: the sides are cut off.
        (height * board, height)
    } else {
        (width, width / board)
    };
    Ok(ScreenRect {
        x: (width - w) / 2.0,
        y: (height - h) / 2.0,
        w,
        h,
    })
}

/// A picture cut into the tiles of one board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cutting {
    /// The part of the image the board shows ([`centre_crop`]).
    pub crop: ScreenRect,
    /// Columns of the board.
    pub cols: usize,
    /// Rows of the board, each `crop.h / rows` source pixels tall.
    pub rows: usize,
}

impl Cutting {
    /// The cutting of an image of `width` x `height` pixels for a board of
    /// `cols` x `rows`; refused as [`centre_crop`] refuses.
    pub fn new(width: f64, height: f64, cols: usize, rows: usize) -> Result<Cutting, String> {
        Ok(Cutting {
            crop: centre_crop(width, height, cols, rows)?,
            cols,
            rows,
        })
    }

    /// The piece of the image, in its pixels, that the tile whose goal is
    /// `goal_cell` (row-major) shows; `None` for a cell off the board.
    /// The pieces of all cells tile the crop exactly.
    pub fn source(&self, goal_cell: usize) -> Option<ScreenRect> {
        if goal_cell >= self.cols * self.rows {
            return None;
        }
        let (row, col) = (goal_cell / self.cols, goal_cell % self.cols);
        let (w, h) = (
            self.crop.w / self.cols as f64,
            self.crop.h / self.rows as f64,
        );
        Some(ScreenRect {
            x: self.crop.x + col as f64 * w,
            y: self.crop.y + row as f64 * h,
            w,
            h,
        })
    }
}

/// Where a tile's small number goes over its piece of picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Badge {
    /// The backing behind the number, in the tile's top-left corner.
    pub backing: ScreenRect,
    /// The centre of the number's text.
    pub text: (f64, f64),
    /// The font size of the number, in CSS pixels.
    pub font_size: f64,
}

/// The badge for a number of `digits` digits on a tile face `face`: a
/// third of the face high (and never wider than it), in the top-left
/// corner, so that most of the picture stays visible.
pub fn number_badge(face: ScreenRect, digits: usize) -> Badge {
    let digits = digits.max(1) as f64;
    let margin = face.w.min(face.h) * 0.06;
    let mut font_size = face.h * 0.26;
    // A digit is about 0.6 em wide; the backing adds half an em.
    let width_for = |font: f64| font * (0.6 * digits + 0.5);
    let room = (face.w - 2.0 * margin).max(0.0);
    if width_for(font_size) > room {
        font_size = room / (0.6 * digits + 0.5);
    }
    let backing = ScreenRect {
        x: face.x + margin,
        y: face.y + margin,
        w: width_for(font_size),
        h: font_size * 1.3,
    };
    Badge {
        backing,
        text: backing.center(),
        font_size,
    }
}

/// The size an image of `width` x `height` is kept at: scaled down (never
/// up) so that its longer side is at most `max_side`, each side at least
/// one pixel. Refused for an image without pixels.
pub fn downscaled(width: u32, height: u32, max_side: u32) -> Result<(u32, u32), String> {
    if width == 0 || height == 0 {
        return Err(format!("the image has no pixels ({width} x {height})"));
    }
    let longer = width.max(height);
    if longer <= max_side {
        return Ok((width, height));
    }
    let scale = f64::from(max_side.max(1)) / f64::from(longer);
    let side = |length: u32| ((f64::from(length) * scale).round() as u32).max(1);
    Ok((side(width), side(height)))
}
