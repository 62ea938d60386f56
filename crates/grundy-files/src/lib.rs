//! How `grundy`'s front ends read the game files a user names (`graph:PATH`, `script:PATH`):
//! regular files only, within a size. The library does no I/O; the command line and the Python
//! package both read through here, so a path that one refuses the other refuses too.
//!
//! ```
//! let dir = std::env::temp_dir().join(format!("grundy-files-doc-{}", std::process::id()));
//! std::fs::write(&dir, "a: b\nb:\n").unwrap();
//! assert_eq!(grundy_files::read_regular_file(&dir, 100, "raise it").unwrap(), "a: b\nb:\n");
//! assert!(grundy_files::read_regular_file(&dir, 3, "raise it").unwrap_err().contains("raise it"));
//! assert!(grundy_files::read_regular_file(std::path::Path::new("/dev/zero"), 100, "")
//!     .unwrap_err()
//!     .contains("not a regular file"));
//! std::fs::remove_file(&dir).unwrap();
//! ```

/// The largest graph or script file read, in bytes, unless the caller says otherwise: 1 GiB.
/// A graph file of that size holds some 10^8 nodes, far more than a solver stores.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 1 << 30;

/// The text of the regular file at `path` (symbolic links followed), if it holds at most
/// `max_bytes` bytes of UTF-8; otherwise why not, in words (`how_to_raise` says how the caller
/// raises the limit). A FIFO, a device (`/dev/zero`), a
/// socket or a directory is refused before it is opened for reading, so reading never waits
/// for a writer nor runs on without end, and memory is asked for once, for the file's size, so
/// a file too large for the machine is an error rather than an abort.
pub fn read_regular_file(
    path: &std::path::Path,
    max_bytes: u64,
    how_to_raise: &str,
) -> Result<String, String> {
    use std::io::Read;
    let regular_size = |metadata: &std::fs::Metadata| -> Result<u64, String> {
        let file_type = metadata.file_type();
        if file_type.is_file() {
            return Ok(metadata.len());
        }
        let kind = if file_type.is_dir() { "a directory" } else { special_file_kind(&file_type) };
        Err(format!("it is {kind}, not a regular file"))
    };
    regular_size(&std::fs::metadata(path).map_err(|error| error.to_string())?)?;
    let file = std::fs::File::open(path).map_err(|error| error.to_string())?;
    // Looked at again through the open file: what stands at the path may have changed.
    let size = regular_size(&file.metadata().map_err(|error| error.to_string())?)?;
    let too_large = |size: u64| {
        format!("it is {size} bytes, more than the {max_bytes} allowed ({how_to_raise})")
    };
    if size > max_bytes {
        return Err(too_large(size));
    }
    let mut bytes: Vec<u8> = Vec::new();
    let capacity = usize::try_from(size.saturating_add(1)).map_err(|_| too_large(size))?;
    bytes
        .try_reserve_exact(capacity)
        .map_err(|_| format!("not enough memory to read its {size} bytes"))?;
    // A file that grows while it is read stops at the limit all the same.
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|error| error.to_string())?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|error| {
        format!("it is not UTF-8 text (byte {} is not valid)", error.utf8_error().valid_up_to())
    })
}

#[cfg(unix)]
fn special_file_kind(file_type: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_fifo() {
        "a FIFO"
    } else if file_type.is_char_device() {
        "a character device"
    } else if file_type.is_block_device() {
        "a block device"
    } else if file_type.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

#[cfg(not(unix))]
fn special_file_kind(_file_type: &std::fs::FileType) -> &'static str {
    "not a file"
}
