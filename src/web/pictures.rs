//! Pictures on the sliding puzzle's tiles, in the browser: the Picture
//! selector, "Numbers on pictures", the player's image (file picker or
//! dropped on the board), loading and keeping them.
//!
//! Every picture is drawn once into a canvas of its own (a [`Raster`]) when
//! it has loaded, and tiles copy their pieces from it on every frame; until
//! then the tiles show numbers. A player's image is decoded here, scaled
//! down to [`OWN_IMAGE_MAX_SIDE`] and kept, with the choice, in
//! `localStorage` under [`STORAGE_KEY`] as text ([`Settings`]); it never
//! leaves the browser.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlCanvasElement, HtmlImageElement, HtmlInputElement, HtmlOptionElement,
    HtmlSelectElement, ImageBitmap,
};

use super::dom::{by_id, window};
use super::draw::scratch_canvas;
use super::services::{ScreenHandle, ScreenSlot};
use crate::app::sliding::picture::{
    downscaled, Choice, Settings, BUILT_IN, OWN_IMAGE_MAX_SIDE, STORAGE_KEY,
};
use crate::app::Play;

/// What the player is told when a file is not an image the browser reads.
const UNREADABLE: &str = "That file could not be read as an image.";

/// The value the player's image is loaded under.
const OWN: &str = "own";

/// A picture drawn into a canvas, ready for tiles to copy from.
#[derive(Clone, Debug)]
pub struct Raster {
    /// The picture's pixels, drawn once when it loaded; tiles copy from it.
    pub canvas: HtmlCanvasElement,
    /// Its width in pixels (at least 1).
    pub width: f64,
    /// Its height in pixels (at least 1).
    pub height: f64,
}

/// A picture as the tiles draw it.
#[derive(Clone, Copy, Debug)]
pub struct Art<'a> {
    /// The picture, loaded (never one still loading).
    pub raster: &'a Raster,
    /// Whether each tile also shows its number, small.
    pub numbers: bool,
}

/// A screen whose tiles show [`Pictures`]: its pictures and its game,
/// apart, so that a handler can change both. The pictures' handlers reach
/// their screen through this alone, so this module names no game.
pub trait ShowsPictures: std::any::Any {
    /// The screen's pictures and its game.
    fn pictures_and_game(&mut self) -> (&mut Pictures, &mut dyn Play);
}

/// The picture controls and the pictures loaded.
pub struct Pictures {
    select: HtmlSelectElement,
    /// The selector's "Your image" option.
    own_option: HtmlOptionElement,
    file: HtmlInputElement,
    numbers: HtmlInputElement,
    root: Element,
    settings: Settings,
    /// Pictures loaded so far, by their choice's value ("own" for the
    /// player's image).
    loaded: Vec<(String, Raster)>,
}

impl Pictures {
    /// Finds the controls, lists the built-in pictures in the selector and
    /// reads the kept settings. Damaged settings are ignored (numbers are
    /// shown); the second value then says so, for the player.
    pub fn find() -> Result<(Pictures, Option<String>), JsValue> {
        let select: HtmlSelectElement = by_id("picture")?;
        let own_option: HtmlOptionElement = by_id("picture-own")?;
        for picture in &BUILT_IN {
            let option = HtmlOptionElement::new_with_text_and_value(picture.name, picture.id)?;
            select.insert_before(&option, Some(&own_option))?;
        }
        let (settings, note) = match read_stored() {
            Ok(settings) => (settings, None),
            Err(reason) => (
                Settings::default(),
                Some(format!(
                    "Your saved picture could not be used ({reason}), so the tiles show numbers."
                )),
            ),
        };
        Ok((
            Pictures {
                select,
                own_option,
                file: by_id("picture-file")?,
                numbers: by_id("picture-numbers")?,
                root: by_id("slide-app")?,
                settings,
                loaded: Vec::new(),
            },
            note,
        ))
    }

    /// The picture the tiles show now, if one is chosen and has loaded.
    pub fn art(&self) -> Option<Art<'_>> {
        let value = match self.settings.choice {
            Choice::Numbers => return None,
            choice => choice.value(),
        };
        self.raster(value).map(|raster| Art {
            raster,
            numbers: self.settings.numbers,
        })
    }

    fn raster(&self, value: &str) -> Option<&Raster> {
        self.loaded
            .iter()
            .find(|(loaded, _)| loaded == value)
            .map(|(_, raster)| raster)
    }

    /// Brings the controls up to date with the choice.
    pub fn refresh(&self) {
        let choice = self.settings.choice;
        if self.select.value() != choice.value() {
            self.select.set_value(choice.value());
        }
        if self.numbers.checked() != self.settings.numbers {
            self.numbers.set_checked(self.settings.numbers);
        }
        // Numbers on the tiles are a choice only over a picture: hidden,
        // not greyed, while the tiles show numbers anyway.
        if let Some(field) = self
            .numbers
            .parent_element()
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            super::dom::set_hidden(&field, choice == Choice::Numbers);
        }
        self.numbers.set_disabled(choice == Choice::Numbers);
        let label = if self.settings.own.is_some() {
            "Your image"
        } else {
            "Your image…"
        };
        if self.own_option.text() != label {
            self.own_option.set_text(label);
        }
        // For tests: which picture the tiles show now.
        let shown = self.art().map_or("numbers", |_| choice.value());
        if self.root.get_attribute("data-picture").as_deref() != Some(shown) {
            let _ = self.root.set_attribute("data-picture", shown);
        }
    }

    /// Binds the controls and the board's drop target, and starts loading
    /// the picture chosen on an earlier visit.
    pub fn install<S: ShowsPictures>(&self, slot: &ScreenSlot) -> Result<(), JsValue> {
        let handle = slot.handle::<S>();
        slot.on(
            &self.select,
            "change",
            move |screen: &mut S, _, _, _: web_sys::Event| {
                let (pictures, game) = screen.pictures_and_game();
                let Some(choice) = Choice::from_value(&pictures.select.value()) else {
                    return;
                };
                if choice == Choice::Own && pictures.settings.own.is_none() {
                    // Nothing kept yet: ask for a file; the selector shows
                    // the current choice until one is read.
                    pictures.file.click();
                    return;
                }
                pictures.settings.choice = choice;
                pictures.keep(game);
                pictures.load_chosen(&handle);
            },
        )?;
        slot.on(
            &self.numbers,
            "change",
            |screen: &mut S, _, _, _: web_sys::Event| {
                let (pictures, game) = screen.pictures_and_game();
                pictures.settings.numbers = pictures.numbers.checked();
                pictures.keep(game);
            },
        )?;
        let handle = slot.handle::<S>();
        slot.on(
            &self.file,
            "change",
            move |screen: &mut S, _, _, _: web_sys::Event| {
                let file = &screen.pictures_and_game().0.file;
                if let Some(picked) = file.files().and_then(|files| files.get(0)) {
                    open_file(&handle, &picked);
                }
                // The same file picked again is read again.
                file.set_value("");
            },
        )?;
        slot.on_file_drop::<S>(|handle, file| open_file(handle, &file))?;
        self.load_chosen(&slot.handle::<S>());
        Ok(())
    }

    /// Keeps the settings in the browser; says so if they could not be
    /// kept (the picture is still shown for this visit).
    fn keep(&self, game: &mut dyn Play) {
        let stored = window()
            .local_storage()
            .ok()
            .flatten()
            .is_some_and(|storage| {
                storage
                    .set_item(STORAGE_KEY, &self.settings.to_text())
                    .is_ok()
            });
        if !stored {
            game.set_note(
                "Your picture is shown but could not be kept for your next visit.".into(),
            );
        }
    }

    /// Starts loading the chosen picture, if it is not loaded yet; the
    /// board is redrawn when it has.
    fn load_chosen<S: ShowsPictures>(&self, handle: &ScreenHandle<S>) {
        let (value, url) = match self.settings.choice {
            Choice::Numbers => return,
            Choice::BuiltIn(picture) => (picture.id, picture.path.to_string()),
            Choice::Own => match &self.settings.own {
                Some(url) => (OWN, url.clone()),
                None => return,
            },
        };
        if self.raster(value).is_some() {
            return;
        }
        let image = match HtmlImageElement::new() {
            Ok(image) => image,
            Err(_) => return,
        };
        image.set_src(&url);
        let done = handle.clone();
        let decoded_image = image.clone();
        let decoded = Closure::once(move |_: JsValue| {
            let raster = raster_of_image(&decoded_image);
            done.with(|screen, _, _| {
                let (pictures, game) = screen.pictures_and_game();
                match raster {
                    Some(raster) => pictures.add(value, raster),
                    None => game.set_note(failed_to_load(value)),
                }
            });
        });
        let failed = handle.clone();
        let refused = Closure::once(move |_: JsValue| {
            failed
                .with(|screen, _, _| screen.pictures_and_game().1.set_note(failed_to_load(value)));
        });
        let _ = image.decode().then2(&decoded, &refused);
        // The promise settles once; the closures live until then.
        decoded.forget();
        refused.forget();
    }

    /// Adds a loaded picture, replacing any loaded under the same value.
    fn add(&mut self, value: &str, raster: Raster) {
        self.loaded.retain(|(loaded, _)| loaded != value);
        self.loaded.push((value.to_string(), raster));
    }
}

/// What the player is told when a picture does not load.
fn failed_to_load(value: &str) -> String {
    if value == OWN {
        "Your saved image could not be shown; the tiles show numbers.".into()
    } else {
        "The picture could not be loaded; the tiles show numbers.".into()
    }
}

/// The settings kept on an earlier visit: the defaults if none were kept,
/// the reason if they are damaged.
fn read_stored() -> Result<Settings, String> {
    let stored = window()
        .local_storage()
        .ok()
        .flatten()
        .and_then(|storage| storage.get_item(STORAGE_KEY).ok().flatten());
    match stored {
        None => Ok(Settings::default()),
        Some(text) => Settings::parse(&text),
    }
}

/// A loaded image drawn into a canvas of its own size.
fn raster_of_image(image: &HtmlImageElement) -> Option<Raster> {
    let (width, height) = (image.natural_width(), image.natural_height());
    if width == 0 || height == 0 {
        return None;
    }
    let (canvas, ctx) = scratch_canvas(width as usize, height as usize)?;
    let (width, height) = (f64::from(width), f64::from(height));
    ctx.draw_image_with_html_image_element_and_dw_and_dh(image, 0.0, 0.0, width, height)
        .ok()?;
    Some(Raster {
        canvas,
        width,
        height,
    })
}

/// Reads an image file the player picked or dropped: decoded in the
/// browser, scaled down, shown and kept. A file that is not an image
/// leaves the picture as it was, with [`UNREADABLE`] said.
fn open_file<S: ShowsPictures>(handle: &ScreenHandle<S>, file: &web_sys::File) {
    let Ok(promise) = window().create_image_bitmap_with_blob(file) else {
        handle
            .with(|screen: &mut S, _, _| screen.pictures_and_game().1.set_note(UNREADABLE.into()));
        return;
    };
    let done = handle.clone();
    let decoded = Closure::once(move |bitmap: JsValue| {
        let bitmap: ImageBitmap = bitmap.unchecked_into();
        let kept = kept_image(&bitmap);
        bitmap.close();
        done.with(|screen, _, _| {
            let (pictures, game) = screen.pictures_and_game();
            match kept {
                Some((raster, url)) => {
                    pictures.add(OWN, raster);
                    pictures.settings.own = Some(url);
                    pictures.settings.choice = Choice::Own;
                    game.set_note(String::new());
                    pictures.keep(game);
                }
                None => game.set_note(UNREADABLE.into()),
            }
        });
    });
    let failed = handle.clone();
    let refused = Closure::once(move |_: JsValue| {
        failed.with(|screen, _, _| screen.pictures_and_game().1.set_note(UNREADABLE.into()));
    });
    let _ = promise.then2(&decoded, &refused);
    decoded.forget();
    refused.forget();
}

/// A player's image scaled down to [`OWN_IMAGE_MAX_SIDE`], and the same
/// as a JPEG data URL to keep; `None` if it has no pixels or cannot be
/// drawn.
fn kept_image(bitmap: &ImageBitmap) -> Option<(Raster, String)> {
    let (width, height) = downscaled(bitmap.width(), bitmap.height(), OWN_IMAGE_MAX_SIDE).ok()?;
    let (canvas, ctx) = scratch_canvas(width as usize, height as usize)?;
    let (width, height) = (f64::from(width), f64::from(height));
    // JPEG has no transparency: transparent parts show white, not black.
    ctx.set_fill_style_str("#ffffff");
    ctx.fill_rect(0.0, 0.0, width, height);
    ctx.draw_image_with_image_bitmap_and_dw_and_dh(bitmap, 0.0, 0.0, width, height)
        .ok()?;
    let url = canvas
        .to_data_url_with_type_and_encoder_options("image/jpeg", &JsValue::from_f64(0.9))
        .ok()?;
    Some((
        Raster {
            canvas,
            width,
            height,
        },
        url,
    ))
}
