//! Colour contrast as WCAG 2 measures it: the relative luminance of an sRGB
//! colour, the ratio between two luminances, and a colour drawn with some
//! transparency over another. The board's colours come from the page's CSS
//! (see `www/style.css` and `web::draw::Palette`); this is the arithmetic
//! that checks every piece that carries meaning stands out from what is
//! around it (`tests/board_contrast.rs`).

/// The least contrast ratio a piece of the board that carries meaning has
/// against what surrounds it (WCAG 2.1, 1.4.11 non-text contrast).
pub const MIN_CONTRAST: f64 = 3.0;

/// An sRGB colour with its opacity (0 transparent, 1 opaque).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Colour {
    /// Red, green and blue, 0 to 255.
    pub rgb: [u8; 3],
    /// Opacity, 0 (transparent) to 1 (opaque); blended over the background before any ratio.
    pub alpha: f64,
}

impl Colour {
    /// An opaque colour.
    pub const fn opaque(rgb: [u8; 3]) -> Colour {
        Colour { rgb, alpha: 1.0 }
    }

    /// Reads `#rrggbb` or `#rrggbbaa` (surrounding spaces allowed), as the
    /// page's custom properties write colours.
    pub fn parse_hex(text: &str) -> Result<Colour, String> {
        let hex = text.trim();
        let digits = hex
            .strip_prefix('#')
            .ok_or_else(|| format!("colour {hex:?} does not start with #"))?;
        if !(digits.len() == 6 || digits.len() == 8) || !digits.is_ascii() {
            return Err(format!("colour {hex:?} is not #rrggbb or #rrggbbaa"));
        }
        let byte = |i: usize| {
            u8::from_str_radix(&digits[i..i + 2], 16)
                .map_err(|_| format!("colour {hex:?} has a digit that is not hexadecimal"))
        };
        let alpha = if digits.len() == 8 {
            f64::from(byte(6)?) / 255.0
        } else {
            1.0
        };
        Ok(Colour {
            rgb: [byte(0)?, byte(2)?, byte(4)?],
            alpha,
        })
    }

    /// The colour seen where this one is drawn over the opaque `under`
    /// (source-over compositing, rounded to whole channel values as a
    /// canvas stores them).
    pub fn over(self, under: [u8; 3]) -> [u8; 3] {
        let a = self.alpha.clamp(0.0, 1.0);
        let mix = |top: u8, bottom: u8| {
            (f64::from(top) * a + f64::from(bottom) * (1.0 - a))
                .round()
                .clamp(0.0, 255.0) as u8
        };
        [
            mix(self.rgb[0], under[0]),
            mix(self.rgb[1], under[1]),
            mix(self.rgb[2], under[2]),
        ]
    }
}

/// The relative luminance of an sRGB colour: 0 for black, 1 for white.
pub fn relative_luminance(rgb: [u8; 3]) -> f64 {
    let linear = |channel: u8| {
        let c = f64::from(channel) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
}

/// The contrast ratio between two opaque colours, from 1 (the same
/// luminance) to 21 (black on white); the order does not matter.
pub fn contrast_ratio(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The opacity of waypoints and their connections when the walk does not
/// use them (they are shown as a faint guide): still 3:1 against the floor.
pub const FAINT_WAYPOINTS: f64 = 0.6;
