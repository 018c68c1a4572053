//! The writer: one thread with its own runtime and connection commits every write, many at a
//! time (group commit across matches), and answers each write only once its batch is committed.
//!
//! After any failure the writer drops its connection and opens a new one for the next batch. A
//! failed batch can leave a connection whose transactions no longer commit: SQLite rolls a
//! transaction back by itself on SQLITE_FULL or an I/O error, after which sqlx's count of open
//! transactions no longer matches SQLite's, and a later `COMMIT` can be the release of a
//! savepoint inside a transaction that never commits (every write acknowledged from then on
//! would be lost). A new connection starts with no transaction, so a commit on it is a commit.

use std::collections::HashSet;

use sqlx::{AnyConnection, Connection};
use tokio::sync::{mpsc, oneshot};

use super::{Backend, StorageHealth, Write, WriteError, batch, connect, redact};

/// The most writes committed in one transaction.
const BATCH: usize = 512;

/// A write and where to send its answer.
pub(super) struct Job {
    pub(super) write: Write,
    pub(super) reply: oneshot::Sender<Result<(), WriteError>>,
}

/// Starts the writer on a thread of its own, with its own runtime and database connection: a
/// batch takes several round trips to the database, and on the server's runtime each would wait
/// its turn behind every match's task, while every match waits for the batch. Returns the
/// writer's queue and a receiver that answers when the writer has finished (its queue closed and
/// emptied). With `notify` (this server's name, on PostgreSQL), each batch announces the matches
/// it changed ([`batch::commit`]).
pub(super) async fn spawn_writer(
    url: &str,
    backend: Backend,
    notify: Option<String>,
    health: StorageHealth,
) -> anyhow::Result<(mpsc::Sender<Job>, oneshot::Receiver<()>)> {
    let (tx, rx) = mpsc::channel(4096);
    let (opened, open) = oneshot::channel::<Result<(), String>>();
    let (finished, written) = oneshot::channel();
    let url = url.to_owned();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| anyhow::anyhow!("cannot start the database writer: {e}"))?;
    std::thread::Builder::new()
        .name("worlds-writer".into())
        .spawn(move || {
            runtime.block_on(async move {
                let conn = match connect(&url, backend).await {
                    Ok(conn) => conn,
                    Err(e) => {
                        let _ = opened.send(Err(format!("cannot open the database {}: {e}", redact(&url))));
                        return;
                    }
                };
                let _ = opened.send(Ok(()));
                let mut link = Link { url, backend, conn: Some(conn) };
                writer(&mut link, rx, notify.as_deref(), &health).await;
                if let Some(conn) = link.conn.take() {
                    let _ = conn.close().await;
                }
            });
            let _ = finished.send(());
        })
        .map_err(|e| anyhow::anyhow!("cannot start the database writer: {e}"))?;
    match open.await {
        Ok(Ok(())) => Ok((tx, written)),
        Ok(Err(e)) => Err(anyhow::anyhow!(e)),
        Err(_) => Err(anyhow::anyhow!("the database writer stopped at start")),
    }
}

/// The writer's connection: opened when a batch needs it, dropped after any failure.
struct Link {
    url: String,
    backend: Backend,
    conn: Option<AnyConnection>,
}

impl Link {
    /// Commits a batch on a sound connection (a new one after a failure); on any error the
    /// connection is closed, so the next batch starts afresh.
    async fn commit(&mut self, batch: &[Job], notify: Option<&str>) -> sqlx::Result<HashSet<(String, i64)>> {
        let conn = match &mut self.conn {
            Some(conn) => conn,
            None => self.conn.insert(connect(&self.url, self.backend).await?),
        };
        let result = batch::commit(conn, batch, notify).await;
        if result.is_err()
            && let Some(conn) = self.conn.take()
        {
            // Closing a connection rolls back whatever transaction it still has open.
            let _ = conn.close_hard().await;
        }
        result
    }
}

/// Whether an error belongs to one write (a key or reference it breaks) rather than to the
/// database (full, unwritable, unreachable): one bad write in a batch is found by trying each
/// alone, while a database that fails fails them all.
fn one_write(e: &sqlx::Error) -> bool {
    use sqlx::error::ErrorKind;
    matches!(e, sqlx::Error::Database(d) if matches!(
        d.kind(),
        ErrorKind::UniqueViolation | ErrorKind::ForeignKeyViolation | ErrorKind::NotNullViolation | ErrorKind::CheckViolation
    ))
}

/// The writer: takes every write waiting (up to [`BATCH`]), commits them in one transaction, and
/// answers each: stored, or (an action) a conflict when that step of that match was already
/// stored. When the batch fails because one write breaks a key, each write is tried again on
/// its own, so that write fails alone; when it fails because the database does, every write of
/// the batch is answered with the failure (none of them is stored).
async fn writer(link: &mut Link, mut rx: mpsc::Receiver<Job>, notify: Option<&str>, health: &StorageHealth) {
    let mut batch = Vec::with_capacity(BATCH);
    while rx.recv_many(&mut batch, BATCH).await > 0 {
        let started = std::time::Instant::now();
        let committed = link.commit(&batch, notify).await;
        tracing::debug!(writes = batch.len(), micros = started.elapsed().as_micros() as u64, "batch committed");
        match committed {
            Ok(stored) => {
                health.succeeded();
                for job in batch.drain(..) {
                    answer(job, &stored);
                }
            }
            Err(e) if one_write(&e) && batch.len() == 1 => {
                health.succeeded();
                tracing::error!("a write failed: {e}");
                for job in batch.drain(..) {
                    let _ = job.reply.send(Err(WriteError::Database(e.to_string())));
                }
            }
            Err(e) if one_write(&e) => {
                tracing::warn!("a batch of {} writes failed ({e}); trying each alone", batch.len());
                let mut failing: Option<String> = None;
                for job in batch.drain(..) {
                    if let Some(why) = &failing {
                        let _ = job.reply.send(Err(WriteError::Unavailable(why.clone())));
                        continue;
                    }
                    match link.commit(std::slice::from_ref(&job), notify).await {
                        Ok(stored) => answer(job, &stored),
                        Err(e) if one_write(&e) => {
                            tracing::error!("a write failed: {e}");
                            let _ = job.reply.send(Err(WriteError::Database(e.to_string())));
                        }
                        Err(e) => {
                            health.failed(&e);
                            let _ = job.reply.send(Err(WriteError::Unavailable(e.to_string())));
                            failing = Some(e.to_string());
                        }
                    }
                }
                if failing.is_none() {
                    health.succeeded();
                }
            }
            Err(e) => {
                health.failed(&e);
                tracing::error!("the database refused a batch of {} writes, none stored: {e}", batch.len());
                for job in batch.drain(..) {
                    let _ = job.reply.send(Err(WriteError::Unavailable(e.to_string())));
                }
            }
        }
    }
}

/// Answers a committed write: an action that is not among those stored met a conflict.
fn answer(job: Job, stored: &HashSet<(String, i64)>) {
    let result = match &job.write {
        Write::Action(row) if !stored.contains(&(row.match_id.clone(), row.seq)) => {
            Err(WriteError::Conflict { seq: row.seq })
        }
        _ => Ok(()),
    };
    let _ = job.reply.send(result);
}
