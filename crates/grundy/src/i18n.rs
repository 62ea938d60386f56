//! The languages people read answers in: English, Russian, Chinese and Macedonian, the
//! languages of the lessons this project grew from.
//!
//! Every sentence meant for people lives in one Fluent file per language
//! (`crates/grundy/locales/LANG.ftl`, compiled into the library); code asks for a message by
//! its key with [`Lang::tr`] and never writes an English sentence inline. Numbers and plural
//! forms are Fluent's (`{ $n ->  [one] … *[other] … }`), so each language says them its own way.
//! Lines meant for programs (`position:`, `winner:`, JSON, `--batch`) never go through here.
//!
//! ```
//! use grundy::i18n::{Lang, args};
//! assert_eq!(Lang::parse("ru").unwrap(), Lang::Ru);
//! let text = Lang::En.tr("test-heaps", &args![("n", 2)]);
//! assert_eq!(text, "2 heaps");
//! ```

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::OnceLock;

/// A language of the explanations, lessons and messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English (the default where the locale says nothing we know).
    #[default]
    En,
    /// Russian.
    Ru,
    /// Chinese (simplified).
    Zh,
    /// Macedonian.
    Mk,
}

/// The arguments of a message: `args![("n", 3), ("heap", "5")]`.
#[macro_export]
macro_rules! args {
    ($(($name:expr, $value:expr)),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut a = $crate::i18n::Args::new();
        $( a.set($name, $value); )*
        a
    }};
}
pub use crate::args;

/// The arguments of one message (Fluent's own type).
pub type Args<'a> = FluentArgs<'a>;

const SOURCES: [(Lang, &str, &str); 4] = [
    (Lang::En, "en", include_str!("../locales/en.ftl")),
    (Lang::Ru, "ru", include_str!("../locales/ru.ftl")),
    (Lang::Zh, "zh", include_str!("../locales/zh.ftl")),
    (Lang::Mk, "mk", include_str!("../locales/mk.ftl")),
];

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Ru, Lang::Zh, Lang::Mk];

    /// The language's code, as `--lang` takes it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
            Lang::Zh => "zh",
            Lang::Mk => "mk",
        }
    }

    /// `en`, `ru`, `zh` or `mk` (also a locale name such as `ru_RU.UTF-8` or `zh-CN`).
    pub fn parse(text: &str) -> Option<Lang> {
        let head: String = text
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
            .to_ascii_lowercase();
        Lang::ALL.into_iter().find(|lang| lang.code() == head)
    }

    /// The language a locale setting names (`LC_ALL`, then `LC_MESSAGES`, then `LANG`, as
    /// POSIX orders them), English when none names a language we have.
    pub fn from_locale(
        lc_all: Option<&str>,
        lc_messages: Option<&str>,
        lang: Option<&str>,
    ) -> Lang {
        [lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .find(|v| !v.is_empty())
            .and_then(Lang::parse)
            .unwrap_or_default()
    }

    /// The message `key` with its arguments. A key missing in this language falls back to
    /// English (a test checks that none is missing), and a key missing everywhere is shown
    /// as itself so that the defect is visible rather than silent.
    pub fn tr(self, key: &str, args: &Args<'_>) -> String {
        self.try_tr(key, args)
            .or_else(|| Lang::En.try_tr(key, args))
            .unwrap_or_else(|| key.to_string())
    }

    /// The message `key` without arguments.
    pub fn tr0(self, key: &str) -> String {
        self.tr(key, &Args::new())
    }

    /// The message `key`, or `None` when this language lacks it.
    pub fn try_tr(self, key: &str, args: &Args<'_>) -> Option<String> {
        let bundle = bundle(self);
        let message = bundle.get_message(key)?;
        let pattern = message.value()?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(args), &mut errors);
        Some(text.into_owned())
    }

    /// Whether this language has the message `key`.
    pub fn has(self, key: &str) -> bool {
        bundle(self).has_message(key)
    }

    /// Every message key of this language, in file order.
    pub fn keys(self) -> Vec<String> {
        let source = SOURCES.iter().find(|(l, _, _)| *l == self).map(|s| s.2).unwrap_or("");
        let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, _)| r);
        resource
            .entries()
            .filter_map(|entry| match entry {
                fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                _ => None,
            })
            .collect()
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// A number for a message argument.
pub fn number(n: impl Into<f64>) -> FluentValue<'static> {
    FluentValue::from(n.into())
}

fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static BUNDLES: OnceLock<Vec<FluentBundle<FluentResource>>> = OnceLock::new();
    let bundles = BUNDLES.get_or_init(|| {
        SOURCES
            .iter()
            .map(|(_, code, source)| {
                let id: unic_langid::LanguageIdentifier =
                    code.parse().expect("language codes are valid");
                let mut bundle = FluentBundle::new_concurrent(vec![id]);
                // No Unicode isolation marks around arguments: the text goes to terminals.
                bundle.set_use_isolating(false);
                let resource = FluentResource::try_new(source.to_string())
                    .unwrap_or_else(|(resource, _)| resource);
                let _ = bundle.add_resource(resource);
                bundle
            })
            .collect()
    });
    &bundles[Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_parses_without_errors() {
        for (lang, _, source) in SOURCES {
            if let Err((_, errors)) = FluentResource::try_new(source.to_string()) {
                panic!("{lang}.ftl has errors: {errors:?}");
            }
        }
    }

    #[test]
    fn every_key_exists_in_every_language() {
        let english = Lang::En.keys();
        assert!(!english.is_empty());
        for lang in Lang::ALL {
            let keys = lang.keys();
            for key in &english {
                assert!(keys.contains(key), "{lang}.ftl lacks the key {key}");
            }
            for key in &keys {
                assert!(english.contains(key), "{lang}.ftl has {key}, which en.ftl lacks");
            }
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        assert_eq!(Lang::En.tr("test-heaps", &args![("n", 1)]), "1 heap");
        assert_eq!(Lang::En.tr("test-heaps", &args![("n", 5)]), "5 heaps");
        assert_eq!(Lang::Ru.tr("test-heaps", &args![("n", 1)]), "1 куча");
        assert_eq!(Lang::Ru.tr("test-heaps", &args![("n", 3)]), "3 кучи");
        assert_eq!(Lang::Ru.tr("test-heaps", &args![("n", 5)]), "5 куч");
        assert_eq!(Lang::Ru.tr("test-heaps", &args![("n", 21)]), "21 куча");
        assert_eq!(Lang::Mk.tr("test-heaps", &args![("n", 1)]), "1 купче");
        assert_eq!(Lang::Mk.tr("test-heaps", &args![("n", 4)]), "4 купчиња");
        assert_eq!(Lang::Zh.tr("test-heaps", &args![("n", 4)]), "4 堆");
    }

    #[test]
    fn locales_choose_the_language() {
        assert_eq!(Lang::from_locale(None, None, Some("ru_RU.UTF-8")), Lang::Ru);
        assert_eq!(Lang::from_locale(Some("zh_CN.UTF-8"), None, Some("ru_RU")), Lang::Zh);
        assert_eq!(Lang::from_locale(Some(""), None, Some("mk_MK")), Lang::Mk);
        assert_eq!(Lang::from_locale(Some("C.UTF-8"), None, None), Lang::En);
        assert_eq!(Lang::from_locale(None, None, Some("de_DE")), Lang::En);
        assert_eq!(Lang::from_locale(None, None, None), Lang::En);
        assert_eq!(Lang::parse("xx"), None);
    }
}
