//! opt_shrink_vectors: vector values of which readers use only some components are
//! computed with fewer components, after `nir_opt_shrink_vectors`.
//!
//! For a per-component ALU operation or a constant whose every reader is an ALU
//! instruction, the components read (through the readers' swizzles) are kept, in order,
//! and the rest are not computed: the instruction gets fewer components (its sources'
//! swizzles pick the kept ones) and each reader's swizzle is renumbered. Sound because
//! every component still read is computed from the same operands as before; fewer live
//! components means lower register pressure.

use fresnel_ir::{Function, InstrKind, Shader, Use, ValueId};
use smallvec::SmallVec;

use crate::util::reads;
use crate::{for_each_function, Pass};

pub struct ShrinkVectors;

impl Pass for ShrinkVectors {
    fn name(&self) -> &'static str {
        "opt_shrink_vectors"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        for_each_function(shader, |f, _| shrink(f))
    }
}

/// The components of `v` its readers use, if every reader is an ALU instruction.
pub(crate) fn used_components(f: &Function, v: ValueId) -> Option<u8> {
    let mut mask = 0u8;
    for u in &f.values[v].uses {
        let Use::Instr { instr, src } = *u else {
            return None;
        };
        let InstrKind::Alu(a) = &f.instrs[instr].kind else {
            return None;
        };
        let k = usize::from(src);
        let n = reads(a.op, k, f.values[a.dest].num_components).min(4);
        for c in 0..n {
            mask |= 1 << a.srcs[k].swizzle[c];
        }
    }
    Some(mask)
}

pub fn shrink(f: &mut Function) -> bool {
    let mut progress = false;
    for id in f.instrs_in_order() {
        let (dest, n) = match &f.instrs[id].kind {
            InstrKind::Alu(a) => {
                let i = a.op.info();
                let per_component = i.dest_size == 0
                    && i.src_size[..usize::from(i.num_srcs)]
                        .iter()
                        .all(|&s| s == 0);
                if !per_component {
                    continue;
                }
                (a.dest, f.values[a.dest].num_components)
            }
            InstrKind::LoadConst { dest, .. } => (*dest, f.values[*dest].num_components),
            _ => continue,
        };
        if n <= 1 || n > 4 {
            continue;
        }
        let Some(mask) = used_components(f, dest) else {
            continue;
        };
        let kept: SmallVec<[u8; 4]> = (0..n).filter(|c| mask & (1 << c) != 0).collect();
        if kept.is_empty() || kept.len() == usize::from(n) {
            continue;
        }
        // Old component -> new component.
        let mut map = [0u8; 4];
        for (new, &old) in kept.iter().enumerate() {
            map[usize::from(old)] = new as u8;
        }
        match &mut f.instrs[id].kind {
            InstrKind::Alu(a) => {
                for s in &mut a.srcs {
                    let old = s.swizzle;
                    for (new, &o) in kept.iter().enumerate() {
                        s.swizzle[new] = old[usize::from(o)];
                    }
                }
            }
            InstrKind::LoadConst { values, .. } => {
                *values = kept.iter().map(|&c| values[usize::from(c)]).collect();
            }
            _ => {}
        }
        f.values[dest].num_components = kept.len() as u8;
        let uses: Vec<Use> = f.values[dest].uses.to_vec();
        for u in uses {
            let Use::Instr { instr, src } = u else {
                continue;
            };
            if let InstrKind::Alu(a) = &mut f.instrs[instr].kind {
                for c in a.srcs[usize::from(src)].swizzle.iter_mut() {
                    *c = map[usize::from(*c).min(3)];
                }
            }
        }
        progress = true;
    }
    progress
}
