//! One server per SQLite file. Two servers on one file would each hold the same matches: each
//! would judge the other's players absent and forfeit them, and serve the replay (the seed,
//! every hidden card) of a match the other still plays. A server takes an exclusive lock on a
//! file beside the database (`FILE.lock`, holding its process id) for as long as it runs; the
//! operating system releases it when the process ends, however it ends.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// The lock of an SQLite file, held until dropped.
#[derive(Debug)]
pub struct ServerLock {
    _file: File,
    path: PathBuf,
}

impl ServerLock {
    /// Takes the lock of the SQLite file `database` names (`None` for PostgreSQL, which servers
    /// share).
    ///
    /// # Errors
    /// Another server holds the file, or the lock file cannot be made.
    pub fn take(database: &str) -> anyhow::Result<Option<ServerLock>> {
        let Some(file) = database.strip_prefix("sqlite://").or_else(|| database.strip_prefix("sqlite:")) else {
            return Ok(None);
        };
        let file = file.split('?').next().unwrap_or(file);
        let path = PathBuf::from(format!("{file}.lock"));
        if let Some(dir) = Path::new(file).parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir)
                .map_err(|e| anyhow::anyhow!("cannot create the directory {}: {e}", dir.display()))?;
        }
        let mut lock = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| anyhow::anyhow!("cannot open the lock file {}: {e}", path.display()))?;
        if let Err(e) = lock.try_lock() {
            let mut holder = String::new();
            let _ = lock.read_to_string(&mut holder);
            let holder = holder.trim();
            let who = if holder.is_empty() { String::from("another server") } else { format!("the server {holder}") };
            return Err(anyhow::anyhow!(
                "{who} is using the database {file} ({e}): stop it first, or give this one another file \
                 (--database sqlite://OTHER_FILE); several servers share a database on PostgreSQL only"
            ));
        }
        // Who holds it, for the message above.
        let _ = lock.set_len(0);
        let _ = lock.rewind();
        let _ = write!(lock, "of process {}", std::process::id());
        let _ = lock.flush();
        Ok(Some(ServerLock { _file: lock, path }))
    }
}

impl Drop for ServerLock {
    fn drop(&mut self) {
        // The lock goes with the file handle; the file itself may stay (removing it could race
        // with the next server's lock of it).
        tracing::debug!("released {}", self.path.display());
    }
}
