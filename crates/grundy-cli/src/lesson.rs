//! `grundy lesson [TOPIC]`: the library's lessons, printed. With no topic, the list of topics.

use crate::args::LessonArgs;
use crate::library_error;
use anyhow::Result;
use grundy::i18n::Lang;
use std::io::Write;

/// Runs `grundy lesson`.
pub fn run(args: &LessonArgs, lang: Lang, stdout: &mut dyn Write) -> Result<bool> {
    let text = match &args.topic {
        None => grundy::lesson::list(lang),
        Some(topic) => {
            let options = grundy::lesson::Options { answers: args.answers };
            let mut text =
                grundy::lesson::render_with(topic, lang, options).map_err(library_error)?;
            text.push('\n');
            text
        }
    };
    stdout.write_all(text.as_bytes())?;
    Ok(true)
}
