//! Output files written so that a crash or an interrupt never leaves one that looks complete:
//! the bytes go to a temporary file beside the target, which is renamed over it only when whole.

use anyhow::{Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The temporary name used while `path` is being written.
pub fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(format!(".partial-{}", std::process::id()));
    path.with_file_name(name)
}

/// Writes `bytes` to `path` atomically.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let partial = partial_path(path);
    let result = (|| -> std::io::Result<()> {
        let mut file = std::fs::File::create(&partial)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&partial, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result.with_context(|| format!("cannot write '{}'", path.display()))
}
