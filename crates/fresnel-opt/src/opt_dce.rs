//! opt_dce: dead code elimination by marking, after `nir_opt_dce`.
//!
//! Roots are the instructions with effects (stores, calls, jumps, barriers, emits,
//! intrinsics that cannot be eliminated) and the conditions of `if`s; everything they read,
//! transitively, is live. Every other instruction is removed, including cycles of phis and
//! arithmetic that only feed each other around a loop. Sound because a removed instruction
//! has no effect and no live instruction reads its result.

use fresnel_ir::{Function, InstrId, Shader};

use crate::util::{removable, remove_all};
use crate::{for_each_function, Pass};

pub struct Dce;

impl Pass for Dce {
    fn name(&self) -> &'static str {
        "opt_dce"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        for_each_function(shader, |f, _| dce(f))
    }
}

/// Removes the dead instructions of a function; true when any were removed.
pub fn dce(f: &mut Function) -> bool {
    let order = f.instrs_in_order();
    let mut live = vec![false; f.instrs.len()];
    let mut work: Vec<InstrId> = Vec::new();
    for &id in &order {
        if !removable(&f.instrs[id].kind) {
            live[id.0 as usize] = true;
            work.push(id);
        }
    }
    let mut conds = Vec::new();
    f.walk(&mut |n| {
        if let fresnel_ir::CfNode::If(i) = n {
            conds.push(f.ifs[i].cond);
        }
    });
    for c in conds {
        let d = f.values[c].def;
        if !live[d.0 as usize] {
            live[d.0 as usize] = true;
            work.push(d);
        }
    }
    while let Some(id) = work.pop() {
        for v in f.instrs[id].kind.srcs() {
            let d = f.values[v].def;
            if !live[d.0 as usize] {
                live[d.0 as usize] = true;
                work.push(d);
            }
        }
    }
    let dead: Vec<InstrId> = order
        .into_iter()
        .filter(|id| !live[id.0 as usize])
        .collect();
    let progress = !dead.is_empty();
    remove_all(f, &dead);
    progress
}
