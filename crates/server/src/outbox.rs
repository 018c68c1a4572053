//! A connection's outgoing messages, between its match (which queues them, never waiting) and
//! its WebSocket task (which sends them). The queue is bounded in bytes, not messages: a `state`
//! with its scene can be 50 KB. A newer `state` replaces one not sent yet (a client needs only the
//! newest). A close overtakes whatever waits, so a client that reads too slowly is told so
//! (4408) instead of its close waiting behind the messages it does not read.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

/// A message's text, shared (not copied) by every connection it goes to.
pub use axum::extract::ws::Utf8Bytes as Text;
use tokio::sync::Notify;

/// One connection's queue.
#[derive(Debug)]
pub struct Outbox {
    queue: Mutex<Queue>,
    ready: Notify,
    /// The most bytes that may wait.
    limit: usize,
}

#[derive(Debug, Default)]
struct Queue {
    messages: VecDeque<Queued>,
    /// The bytes of `messages`.
    bytes: usize,
    /// A close to send before anything else (and then nothing).
    close: Option<(u16, String)>,
    /// The connection has ended: nothing is queued any more.
    ended: bool,
}

#[derive(Debug)]
struct Queued {
    text: Text,
    /// A `state` (replaced by a newer one while it waits).
    state: bool,
}

/// What the connection's task is to do next.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    /// Send these messages, in order.
    Send(Vec<Text>),
    /// Send this close frame and end.
    Close(u16, String),
}

/// The code and reason of the close for a client that does not keep up.
pub const TOO_SLOW: (u16, &str) = (4408, "too slow: messages were not read");

impl Outbox {
    /// An empty queue holding at most `limit` bytes.
    pub fn new(limit: usize) -> Arc<Outbox> {
        Arc::new(Outbox { queue: Mutex::new(Queue::default()), ready: Notify::new(), limit })
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A panic while holding this lock cannot leave the queue half-changed (every change is
        // one push or one drain), so a poisoned lock is still a sound queue.
        self.queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Queues a message (an event, an answer). False when the connection has ended or is
    /// closing, or when the message would take the queue over its limit: the client does not
    /// keep up, and the caller closes it with [`TOO_SLOW`]. With `bounded` false (the history a
    /// joining client is owed) the limit is not checked.
    pub fn send(&self, text: Text, bounded: bool) -> bool {
        self.push(Queued { text, state: false }, bounded)
    }

    /// Queues a `state`, replacing one that has not been sent yet; false as for [`Outbox::send`].
    pub fn send_state(&self, text: Text, bounded: bool) -> bool {
        self.push(Queued { text, state: true }, bounded)
    }

    fn push(&self, message: Queued, bounded: bool) -> bool {
        let mut q = self.lock();
        if q.ended || q.close.is_some() {
            return false;
        }
        if message.state
            && let Some(i) = q.messages.iter().rposition(|m| m.state)
            && let Some(old) = q.messages.remove(i)
        {
            q.bytes -= old.text.len();
        }
        if bounded && q.bytes > 0 && q.bytes + message.text.len() > self.limit {
            return false;
        }
        q.bytes += message.text.len();
        q.messages.push_back(message);
        drop(q);
        self.ready.notify_one();
        true
    }

    /// Closes the connection with `code`: what waits is dropped, and the close goes first.
    /// False when it was closing or ended already.
    pub fn close(&self, code: u16, reason: &str) -> bool {
        let mut q = self.lock();
        if q.ended || q.close.is_some() {
            return false;
        }
        q.messages.clear();
        q.bytes = 0;
        q.close = Some((code, reason.to_owned()));
        drop(q);
        self.ready.notify_one();
        true
    }

    /// The connection has ended (its task is gone): the queue is emptied and takes nothing more.
    pub fn end(&self) {
        let mut q = self.lock();
        q.ended = true;
        q.messages.clear();
        q.bytes = 0;
    }

    /// The bytes waiting now.
    pub fn waiting(&self) -> usize {
        self.lock().bytes
    }

    /// Waits for something to do: the messages waiting (at least one, then as many as fit in
    /// `max_bytes`), or the close.
    pub async fn next(&self, max_bytes: usize) -> Next {
        loop {
            {
                let mut q = self.lock();
                if let Some((code, reason)) = q.close.take() {
                    q.ended = true;
                    return Next::Close(code, reason);
                }
                if !q.messages.is_empty() {
                    let mut out = Vec::new();
                    let mut taken = 0;
                    while let Some(m) = q.messages.front() {
                        if !out.is_empty() && taken + m.text.len() > max_bytes {
                            break;
                        }
                        taken += m.text.len();
                        if let Some(m) = q.messages.pop_front() {
                            out.push(m.text);
                        }
                    }
                    q.bytes -= taken;
                    return Next::Send(out);
                }
            }
            self.ready.notified().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Next, Outbox};

    fn text(s: &str) -> super::Text {
        s.into()
    }

    #[tokio::test]
    async fn a_newer_state_replaces_one_not_sent_and_events_keep_their_order() {
        let out = Outbox::new(1000);
        assert!(out.send(text("e1"), true));
        assert!(out.send_state(text("s1"), true));
        assert!(out.send(text("e2"), true));
        assert!(out.send_state(text("s2"), true));
        assert_eq!(out.waiting(), 6);
        assert_eq!(out.next(1000).await, Next::Send(vec![text("e1"), text("e2"), text("s2")]));
        assert_eq!(out.waiting(), 0);
    }

    #[tokio::test]
    async fn the_limit_is_in_bytes_and_a_close_overtakes_what_waits() {
        let out = Outbox::new(10);
        assert!(out.send(text("123456"), true));
        assert!(!out.send(text("12345"), true), "11 bytes would wait");
        assert!(out.send(text("1234"), true));
        // A state replacing a waiting state does not count the old one.
        assert!(out.send_state(text("123456789"), false), "the history owed to a joining client is not bounded");
        assert!(!out.send_state(text("x"), true));
        assert!(out.close(4408, "too slow"));
        assert!(!out.close(4408, "again"), "a close is sent once");
        assert!(!out.send(text("late"), true));
        assert_eq!(out.next(1000).await, Next::Close(4408, "too slow".into()));
        assert_eq!(out.waiting(), 0);
    }

    #[tokio::test]
    async fn a_message_bigger_than_the_limit_goes_alone_and_sends_are_cut_by_size() {
        let out = Outbox::new(4);
        assert!(out.send(text("123456"), true), "an empty queue takes one message of any size");
        assert_eq!(out.next(4).await, Next::Send(vec![text("123456")]));
        assert!(out.send(text("ab"), true) && out.send(text("cd"), true));
        assert_eq!(out.next(3).await, Next::Send(vec![text("ab")]));
        assert_eq!(out.next(3).await, Next::Send(vec![text("cd")]));
        out.end();
        assert!(!out.send(text("x"), true));
    }
}
