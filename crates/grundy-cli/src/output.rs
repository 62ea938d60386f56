//! Where output goes, decided in one place by what already stands at the path.
//!
//! - A regular file, or nothing yet: the bytes go to a temporary file beside it, which is renamed
//!   over it only when whole, so a crash or an interrupt never leaves a file that looks complete.
//!   Symbolic links are followed first (by hand, so that a dangling link's target is created):
//!   the link stays a link and its target gets the content.
//! - A character device or a FIFO (`/dev/null`, `/dev/stdout`, a pipe): the bytes are streamed
//!   straight in. Nothing is renamed over it and nothing is created beside it.
//! - A directory or a block device: an error.
//!
//! Every writer of the command line ([`write_file`] for pictures, `seq --out` for sequence
//! files) goes through [`destination`].

use crate::BadInput;
use anyhow::{Context, Result};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Symbolic links followed before giving up, as the kernel's `ELOOP` limit.
const MAX_LINKS: usize = 40;

/// Where the bytes for a path go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// A regular file or nothing yet, at this path (symbolic links followed): written beside
    /// itself and renamed over it.
    Replace(PathBuf),
    /// A character device, FIFO or socket: opened and written in place (see
    /// [`Destination::open_stream`]).
    Stream {
        /// The path as given (the kernel follows any links when it is opened).
        path: PathBuf,
        /// What it is, for messages: "character device", "FIFO" or "socket".
        kind: &'static str,
    },
}

impl Destination {
    /// Opens a stream destination for writing, without creating, truncating or replacing it.
    /// Opening a FIFO waits for a reader.
    pub fn open_stream(path: &Path) -> Result<File> {
        OpenOptions::new()
            .write(true)
            .open(path)
            .with_context(|| format!("cannot write '{}'", path.display()))
    }
}

/// Looks at what stands at `path` and says how to write there. Opens nothing.
pub fn destination(path: &Path) -> Result<Destination> {
    // The kernel's view first: it follows every link, including /proc's (`/dev/stdout` leads to
    // `/proc/self/fd/1`, whose link text for a pipe is not a path).
    match std::fs::metadata(path) {
        Ok(metadata) => {
            let file_type = metadata.file_type();
            if file_type.is_file() {
                return Ok(Destination::Replace(resolved_regular_file(path)?));
            }
            if file_type.is_dir() {
                return Err(BadInput::msg(format!("'{}' is a directory", path.display())).into());
            }
            match stream_kind(&file_type) {
                Some(kind) => Ok(Destination::Stream { path: path.to_path_buf(), kind }),
                None => Err(BadInput::msg(format!(
                    "'{}' is a block device: refusing to write to it",
                    path.display()
                ))
                .into()),
            }
        }
        // Nothing there, or a dangling link: the file is created where the links end.
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => match follow_links(path)? {
            Followed::Missing(target) => Ok(Destination::Replace(target)),
            // Something appeared between the two looks: look again at where the links end.
            Followed::Existing(target) => destination(&target),
        },
        Err(error) => {
            // A loop of links, say: following them by hand names it as such.
            follow_links(path)?;
            Err(anyhow::Error::new(error))
                .with_context(|| format!("cannot write '{}'", path.display()))
        }
    }
}

#[cfg(unix)]
fn stream_kind(file_type: &std::fs::FileType) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_char_device() {
        Some("character device")
    } else if file_type.is_fifo() {
        Some("FIFO")
    } else if file_type.is_socket() {
        Some("socket")
    } else {
        None
    }
}

#[cfg(not(unix))]
fn stream_kind(_file_type: &std::fs::FileType) -> Option<&'static str> {
    None
}

/// Where a chain of symbolic links ends.
enum Followed {
    /// At a path where nothing stands.
    Missing(PathBuf),
    /// At something that is not a link.
    Existing(PathBuf),
}

fn follow_links(path: &Path) -> Result<Followed> {
    let mut current = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        match std::fs::symlink_metadata(&current) {
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Followed::Missing(current))
            }
            Err(error) => {
                return Err(anyhow::Error::new(error))
                    .with_context(|| format!("cannot write '{}'", path.display()))
            }
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let link = std::fs::read_link(&current)
                    .with_context(|| format!("cannot read the link '{}'", current.display()))?;
                current = match current.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            Ok(_) => return Ok(Followed::Existing(current)),
        }
    }
    Err(BadInput::msg(format!(
        "'{}': more than {MAX_LINKS} symbolic links in a row (a loop?)",
        path.display()
    ))
    .into())
}

/// The path of the regular file that `path` leads to, so that the temporary file lies beside
/// it (a rename cannot cross file systems, and renaming over a link would replace the link).
fn resolved_regular_file(path: &Path) -> Result<PathBuf> {
    match follow_links(path)? {
        Followed::Existing(target) if target.is_file() => Ok(target),
        // A /proc link to a deleted file, say: its path cannot be written to.
        _ => std::fs::canonicalize(path).ok().filter(|target| target.is_file()).ok_or_else(|| {
            anyhow::anyhow!("cannot write '{}': cannot tell which file it is", path.display())
        }),
    }
}

/// The temporary name used while `path` is being written.
pub fn partial_path(path: &Path) -> PathBuf {
    with_suffix(path, &format!(".partial-{}", std::process::id()))
}

/// `path` with `suffix` added to its file name.
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(suffix);
    path.with_file_name(name)
}

/// Writes `bytes` to `path`: atomically over a regular file (or where none is), straight into a
/// device or FIFO.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    match destination(path)? {
        Destination::Replace(target) => write_atomically(&target, bytes)
            .with_context(|| format!("cannot write '{}'", path.display())),
        Destination::Stream { path, .. } => {
            let mut file = Destination::open_stream(&path)?;
            file.write_all(bytes)
                .and_then(|()| file.flush())
                .with_context(|| format!("cannot write '{}'", path.display()))
        }
    }
}

/// Writes a picture to `path` ([`write_file`]) and says so on stderr where chatter is allowed
/// (a terminal, or `--progress`): a picture is the whole answer, and silence looked like
/// nothing happened.
pub fn write_picture(path: &Path, bytes: &[u8], chatty: bool) -> Result<()> {
    write_file(path, bytes)?;
    if chatty || std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        eprintln!("grundy: wrote {} ({} bytes)", path.display(), bytes.len());
    }
    Ok(())
}

/// Writes `bytes` to the regular file (or free name) `target` atomically: a temporary file
/// beside it, renamed over it when whole.
fn write_atomically(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let partial = partial_path(target);
    let result = (|| -> std::io::Result<()> {
        let mut file = File::create(&partial)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&partial, target)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-output-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_missing_file_and_a_regular_file_are_replaced_in_place() {
        let dir = temp_dir("plain");
        let path = dir.join("out");
        assert_eq!(destination(&path).unwrap(), Destination::Replace(path.clone()));
        std::fs::write(&path, "old").unwrap();
        assert_eq!(destination(&path).unwrap(), Destination::Replace(path.clone()));
    }

    #[cfg(unix)]
    #[test]
    fn links_are_followed_to_their_target_even_when_dangling() {
        let dir = temp_dir("links");
        let target = dir.join("target");
        std::os::unix::fs::symlink("target", dir.join("relative")).unwrap();
        std::os::unix::fs::symlink(dir.join("relative"), dir.join("chain")).unwrap();
        assert_eq!(destination(&dir.join("chain")).unwrap(), Destination::Replace(target.clone()));
        std::fs::write(&target, "x").unwrap();
        assert_eq!(destination(&dir.join("chain")).unwrap(), Destination::Replace(target));
    }

    #[cfg(unix)]
    #[test]
    fn a_link_loop_is_an_error_not_a_hang() {
        let dir = temp_dir("loop");
        std::os::unix::fs::symlink("b", dir.join("a")).unwrap();
        std::os::unix::fs::symlink("a", dir.join("b")).unwrap();
        let error = destination(&dir.join("a")).unwrap_err();
        assert!(error.downcast_ref::<BadInput>().is_some(), "{error:#}");
    }

    #[test]
    fn a_directory_is_bad_input() {
        let dir = temp_dir("dir");
        let error = destination(&dir).unwrap_err();
        assert!(error.to_string().contains("is a directory"), "{error:#}");
    }
}
