//! opt_undef: what an undefined value allows, after `nir_opt_undef`.
//!
//! * A `store_deref` that writes only undefined components (the value is an `undef`, or
//!   every written component comes from an `undef` through the `vecN` that makes it) goes.
//!   Sound because memory that keeps its old contents holds one of the values "undefined"
//!   allows. Unlike NIR, a store partly undefined keeps its write mask: a partial store is
//!   a load, a shuffle and a store in SPIR-V.
//! * `bcsel(c, undef, b)` and `bcsel(c, a, undef)` become a move of the defined side: the
//!   undefined side may be taken to equal it.
//!
//! Uninitialized locals copied somewhere (`Bar b; buffer_member = b;`) and partly written
//! vectors are where these come from.

use fresnel_ir::{AluOp, Function, IndexKind, InstrKind, Intrinsic, Shader, ValueId};

use crate::{for_each_function, Pass};

pub struct OptUndef;

impl Pass for OptUndef {
    fn name(&self) -> &'static str {
        "opt_undef"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        for_each_function(shader, |f, _| {
            let mut progress = false;
            for id in f.instrs_in_order() {
                match &f.instrs[id].kind {
                    InstrKind::Intrinsic(x) if x.op == Intrinsic::StoreDeref => {
                        let Some(&value) = x.srcs.get(1) else {
                            continue;
                        };
                        let access = x.index(IndexKind::Access).unwrap_or(0);
                        if access & i64::from(fresnel_ir::access::VOLATILE) != 0 {
                            continue;
                        }
                        let n = f.values[value].num_components;
                        let full = (1u32 << n) - 1;
                        let mask =
                            x.index(IndexKind::WriteMask).unwrap_or(i64::from(full)) as u32 & full;
                        if mask & !undef_components(f, value) == 0 {
                            f.remove_instr(id);
                            progress = true;
                        }
                    }
                    InstrKind::Alu(a) if a.op == AluOp::Bcsel && a.srcs.len() == 3 => {
                        let keep = if is_undef(f, a.srcs[1].value) {
                            2
                        } else if is_undef(f, a.srcs[2].value) {
                            1
                        } else {
                            continue;
                        };
                        let src = a.srcs[keep];
                        if let InstrKind::Alu(a) = &mut f.instrs[id].kind {
                            a.op = AluOp::Mov;
                            a.srcs.clear();
                            a.srcs.push(src);
                        }
                        progress = true;
                    }
                    _ => {}
                }
            }
            if progress {
                f.rebuild_uses();
            }
            progress
        })
    }
}

fn is_undef(f: &Function, v: ValueId) -> bool {
    matches!(f.instrs[f.values[v].def].kind, InstrKind::Undef { .. })
}

/// The components of `v` known to be undefined, as a mask.
fn undef_components(f: &Function, v: ValueId) -> u32 {
    let n = f.values[v].num_components;
    if is_undef(f, v) {
        return (1u32 << n) - 1;
    }
    let InstrKind::Alu(a) = &f.instrs[f.values[v].def].kind else {
        return 0;
    };
    if !matches!(a.op, AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4) {
        return 0;
    }
    a.srcs
        .iter()
        .enumerate()
        .filter(|(_, s)| is_undef(f, s.value))
        .fold(0, |m, (i, _)| m | 1 << i)
}
