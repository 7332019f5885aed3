//! Tells screen readers what the board looks like after it changed,
//! without flooding them: the game's short summary
//! ([`crate::app::Play::summary`]) goes into a polite live region
//! (`#board-news`) only once the board has stood still for a moment, so a
//! burst of moves (keys held down, an auto-solve) is announced once, at its
//! end. The full description stays in `#board-description`, which the board
//! names as its description, and is read when the board has the focus.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

use super::dom::{set_text, window};

/// How long the board must stand still before its summary is announced,
/// in milliseconds.
const STILL_MS: i32 = 700;

/// What waits to be said, shared with the timer that says it.
#[derive(Default)]
struct News {
    waiting: Option<String>,
    timer: Option<i32>,
}

/// The live region and what is waiting to be said in it.
pub struct Announcer {
    /// The summary last seen: a new one is a change of the board.
    seen: Option<String>,
    news: Rc<RefCell<News>>,
    say: Closure<dyn FnMut()>,
}

impl Announcer {
    /// An announcer speaking through `region` (a polite live region).
    pub fn new(region: Element) -> Announcer {
        let news = Rc::new(RefCell::new(News::default()));
        let say = Closure::new({
            let news = news.clone();
            move || {
                let mut news = news.borrow_mut();
                news.timer = None;
                if let Some(text) = news.waiting.take() {
                    set_text(&region, &text);
                }
            }
        });
        Announcer {
            seen: None,
            news,
            say,
        }
    }

    /// Takes the board's summary now; `busy` while the board keeps changing
    /// on its own (an auto-solve), when the announcement waits. The first
    /// summary is not announced: the page has just loaded, and the board's
    /// description says it all.
    pub fn update(&mut self, summary: String, busy: bool) {
        let Some(seen) = &self.seen else {
            self.seen = Some(summary);
            return;
        };
        let mut news = self.news.borrow_mut();
        if *seen != summary {
            news.waiting = Some(summary.clone());
            self.seen = Some(summary);
            cancel(&mut news);
        }
        if busy {
            cancel(&mut news);
        } else if news.waiting.is_some() && news.timer.is_none() {
            news.timer = window()
                .set_timeout_with_callback_and_timeout_and_arguments_0(
                    self.say.as_ref().unchecked_ref(),
                    STILL_MS,
                )
                .ok();
        }
    }
}

/// Stops the timer, if one runs; what waits is kept.
fn cancel(news: &mut News) {
    if let Some(timer) = news.timer.take() {
        window().clear_timeout_with_handle(timer);
    }
}
