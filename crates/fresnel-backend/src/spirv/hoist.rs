//! Swizzles read in several blocks, written once where their vector is made.
//!
//! The IR reads parts of vectors through source swizzles (`pos.xyz`), and the writer turns
//! each into an `OpVectorShuffle` or `OpCompositeExtract`, once per block (`FuncCx::pure`):
//! a shuffle written in one block may not dominate another. When the same swizzle of one
//! value is read in two or more blocks, it is written once instead, right after the value's
//! definition (which dominates every reader), and every reader takes it from there.

use fresnel_ir::{Function, InstrKind, ValueId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::types::Kind;

/// The swizzle of a value: the components read, in order (fewer than the value has, or
/// not in order).
pub type Swizzle = SmallVec<[u8; 4]>;

/// The swizzles to write at their value's definition, and (once written) their ids.
#[derive(Default)]
pub struct Hoisted {
    /// Per value, its swizzles read in several blocks.
    pub by_value: FxHashMap<ValueId, Vec<Swizzle>>,
    /// Written swizzles: (value, swizzle) -> (id, kind as written).
    pub written: FxHashMap<(ValueId, Swizzle), (u32, Kind)>,
}

/// Finds the ALU source swizzles of `f` read in two or more blocks, of values an
/// instruction in a block defines (not phis, constants or undefs).
pub fn analyze(f: &Function) -> Hoisted {
    // Only a swizzle read in two blocks is hoisted: none when every ALU instruction is in one
    // block (performance: most functions; no map built).
    let mut alu_blocks = f
        .instrs
        .iter()
        .filter(|(_, i)| !i.removed && matches!(i.kind, InstrKind::Alu(_)))
        .map(|(_, i)| i.block);
    match alu_blocks.next() {
        Some(b0) if alu_blocks.any(|b| b != b0) => {}
        _ => return Hoisted::default(),
    }
    // Per swizzle: the first block reading it, and whether another block reads it too (all
    // that matters; performance: no set per swizzle, and the swizzle packed in a word, its
    // length apart: a small key, cheap to hash).
    let mut blocks: FxHashMap<(ValueId, u32, u8), (u32, bool)> = FxHashMap::default();
    for (_, ins) in f.instrs.iter() {
        if ins.removed {
            continue;
        }
        let InstrKind::Alu(a) = &ins.kind else {
            continue;
        };
        let info = a.op.info();
        for (j, s) in a.srcs.iter().enumerate() {
            let n = match info.src_size[j] {
                0 => f.values[a.dest].num_components,
                n => n,
            };
            let v = &f.values[s.value];
            let sw = &s.swizzle[..usize::from(n.min(4))];
            let identity =
                n == v.num_components && sw.iter().enumerate().all(|(i, &c)| usize::from(c) == i);
            if identity || v.num_components < 2 {
                continue;
            }
            let made = !matches!(
                f.instrs[v.def].kind,
                InstrKind::Phi { .. } | InstrKind::LoadConst { .. } | InstrKind::Undef { .. }
            );
            if made {
                let b = ins.block.0;
                let packed = sw
                    .iter()
                    .enumerate()
                    .fold(0u32, |w, (i, &c)| w | (u32::from(c) << (8 * i)));
                blocks
                    .entry((s.value, packed, sw.len() as u8))
                    .and_modify(|(first, several)| *several |= *first != b)
                    .or_insert((b, false));
            }
        }
    }
    let mut out = Hoisted::default();
    let mut keys: Vec<(ValueId, Swizzle)> = blocks
        .into_iter()
        .filter(|(_, (_, several))| *several)
        .map(|((v, packed, len), _)| {
            let sw = (0..len)
                .map(|i| (packed >> (8 * u32::from(i))) as u8)
                .collect();
            (v, sw)
        })
        .collect();
    keys.sort_unstable();
    for (v, sw) in keys {
        out.by_value.entry(v).or_default().push(sw);
    }
    out
}
