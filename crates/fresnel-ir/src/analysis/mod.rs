//! Analyses of a function: dominance ([`DomTree`], with dominance frontiers), liveness of SSA
//! values ([`Liveness`]) and loop structure ([`LoopInfo`]). Each is computed from the
//! function's current CFG and tree and is not updated by edits: recompute after changing the
//! control flow (liveness: after changing instructions too).

pub mod dom;
pub mod liveness;
pub mod loops;
pub mod stats;

pub use dom::DomTree;
pub use liveness::{BitSet, Liveness};
pub use loops::{LoopData, LoopInfo};
pub use stats::IrStats;
