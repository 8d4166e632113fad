//! Whether a page can be worked with the keyboard alone: the tests press Tab as a user
//! would (real key events through WebDriver, not `focus()` from script) and see which
//! controls the focus reaches.

use std::collections::BTreeSet;

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use serde_json::{Value, json};

use super::page::Page;

/// At most this many Tab presses per page: more than any of our pages has controls.
const MAX_TABS: usize = 400;

impl Page {
    /// Presses Tab until the focus comes back round to the first control it stopped at,
    /// and returns the controls it stopped at.
    async fn tab_round(&self) -> BTreeSet<u64> {
        // Number every element, so a focused one can be named whatever it is.
        self.eval(
            "document.querySelectorAll('*').forEach((e, i) => e.dataset.kbIndex = i);\
             document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);",
            vec![],
        )
        .await;
        let mut reached = BTreeSet::new();
        // A date field takes several presses (day, month, year): the round ends when the
        // focus is back on the first control, not on any repeat.
        let mut first = None;
        for _ in 0..MAX_TABS {
            // A key press of the keyboard, not typed into the focused element (typing into a
            // file input would choose a file).
            let tab = char::from(Key::Tab);
            let press = KeyActions::new("keyboard".to_owned())
                .then(KeyAction::Down { value: tab })
                .then(KeyAction::Up { value: tab });
            self.client()
                .perform_actions(press)
                .await
                .unwrap_or_else(|e| panic!("cannot press Tab: {e}"));
            let index = self
                .eval(
                    "const a = document.activeElement;\
                     return a && a !== document.body ? Number(a.dataset.kbIndex) : null;",
                    vec![],
                )
                .await;
            // Past the last control the focus leaves the page and the next press brings it
            // back to the first: a round that began mid-page (after a link to an anchor)
            // goes on over the top.
            match index.as_u64() {
                Some(i) if first == Some(i) && reached.len() > 1 => break,
                Some(i) => {
                    first.get_or_insert(i);
                    reached.insert(i);
                }
                None => {}
            }
        }
        reached
    }

    /// Presses `keys` one after the other as the keyboard would, into whatever has the
    /// focus: text, and the keys of [`Key`] as their characters (`Key::Tab`, `Key::Enter`).
    /// Returns once the keys are pressed; an Enter that submits a form loads the next page
    /// after that (wait for it).
    pub async fn press(&self, keys: &str) {
        let mut actions = KeyActions::new("keyboard".to_owned());
        for key in keys.chars() {
            actions = actions
                .then(KeyAction::Down { value: key })
                .then(KeyAction::Up { value: key });
        }
        self.client()
            .perform_actions(actions)
            .await
            .unwrap_or_else(|e| panic!("cannot press {keys:?}: {e}"));
    }

    /// Fails the test unless Tab reaches every visible link, button, input, select and text
    /// area of the page (`page_name` names it in the message) and, besides, every element
    /// matching `also` (controls a page adds with script, say).
    pub async fn assert_keyboard_reaches_everything(&self, page_name: &str, also: &[&str]) {
        let (missed, of) = self.keyboard_misses(also).await;
        assert!(of > 0, "{page_name}: no control found to reach");
        assert!(
            missed.is_empty(),
            "{page_name}: Tab does not reach {} of {of} controls: {missed:?}",
            missed.len()
        );
    }

    /// The controls Tab does not reach (the start of their markup), and how many there are.
    pub async fn keyboard_misses(&self, also: &[&str]) -> (Vec<String>, usize) {
        let reached = self.tab_round().await;
        let controls = self
            .eval(
                "const selectors = ['a[href]', 'button', 'input:not([type=hidden])', 'select',\
                 'textarea', 'summary'].concat(arguments[0]);\
                 const shown = e => !e.disabled\
                   && e.checkVisibility({checkVisibilityCSS: true});\
                 return [...document.querySelectorAll(selectors.join(','))].filter(shown)\
                   .map(e => [Number(e.dataset.kbIndex), e.outerHTML.slice(0, 120),\
                     e.type === 'radio' ? e.form?.id + '/' + e.name : null]);",
                vec![json!(also)],
            )
            .await;
        let all: &[Value] = controls.as_array().map_or(&[], Vec::as_slice);
        let is_reached = |c: &Value| c[0].as_u64().is_some_and(|i| reached.contains(&i));
        // Tab stops at one radio button of a group (the arrow keys choose among them): a
        // group is reached when one of its buttons is.
        let groups: BTreeSet<&str> = all
            .iter()
            .filter(|c| is_reached(c))
            .filter_map(|c| c[2].as_str())
            .collect();
        let missed = all
            .iter()
            .filter(|c| !is_reached(c) && !c[2].as_str().is_some_and(|g| groups.contains(g)))
            .map(|c| c[1].as_str().unwrap_or_default().to_owned())
            .collect();
        (missed, all.len())
    }
}
