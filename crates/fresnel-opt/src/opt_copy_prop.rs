//! opt_copy_prop: readers of a move read its source directly, after `nir_opt_copy_prop`.
//!
//! A `mov` (and a `vecN` whose components all come from one value) only rearranges the
//! components of another value. An ALU reader can absorb that rearrangement into its own
//! source swizzle; any other reader (intrinsics, texture instructions, phis, `if`
//! conditions) can read the source directly when the move copies it whole and in order.
//! A phi whose sources are all the same value is that value. The moves and phis left
//! without readers are removed by `opt_dce`. Sound because the reader sees the same
//! components either way.

use fresnel_ir::{AluOp, AluSrc, Function, InstrKind, Shader, Use, ValueId};

use crate::util::reads;
use crate::{for_each_function, Pass};

pub struct CopyProp;

impl Pass for CopyProp {
    fn name(&self) -> &'static str {
        "opt_copy_prop"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        for_each_function(shader, |f, _| copy_prop(f))
    }
}

/// What a move copies: its source value and, per result component, the source component.
fn as_move(f: &Function, v: ValueId) -> Option<(ValueId, [u8; 4])> {
    let InstrKind::Alu(a) = &f.def(v).kind else {
        return None;
    };
    let n = usize::from(f.values[a.dest].num_components);
    match a.op {
        AluOp::Mov => Some((a.srcs[0].value, a.srcs[0].swizzle)),
        AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4 => {
            let first = a.srcs[0].value;
            if a.srcs.iter().any(|s| s.value != first) {
                return None;
            }
            let mut swz = [0u8; 4];
            for (c, s) in a.srcs.iter().enumerate().take(n) {
                swz[c] = s.swizzle[0];
            }
            Some((first, swz))
        }
        _ => None,
    }
}

/// The per-component sources of a `vecN`: component c is (value, component).
fn vec_parts(f: &Function, v: ValueId) -> Option<[(ValueId, u8); 4]> {
    let InstrKind::Alu(a) = &f.def(v).kind else {
        return None;
    };
    if !matches!(a.op, AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4) {
        return None;
    }
    let mut parts = [(a.srcs[0].value, 0u8); 4];
    for (c, s) in a.srcs.iter().enumerate().take(4) {
        parts[c] = (s.value, s.swizzle[0]);
    }
    Some(parts)
}

/// Points ALU source `k` of `user` at `src` with swizzle `swz`, keeping use lists.
fn retarget(f: &mut Function, user: fresnel_ir::InstrId, k: usize, src: ValueId, swz: [u8; 4]) {
    let old = match &mut f.instrs[user].kind {
        InstrKind::Alu(a) => {
            let old = a.srcs[k].value;
            a.srcs[k] = AluSrc {
                value: src,
                swizzle: swz,
            };
            old
        }
        _ => return,
    };
    let u = Use::Instr {
        instr: user,
        src: k as u16,
    };
    f.values[old].uses.remove(&u);
    f.values[src].uses.push(u);
}

pub fn copy_prop(f: &mut Function) -> bool {
    let mut progress = false;
    for id in f.instrs_in_order() {
        // A phi whose sources are all one value (other than itself) is that value.
        if let InstrKind::Phi { dest, srcs } = &f.instrs[id].kind {
            let dest = *dest;
            let mut vals = srcs.iter().map(|(_, v)| *v).filter(|v| *v != dest);
            if let Some(first) = vals.next() {
                if vals.all(|v| v == first) && !f.values[dest].uses.is_empty() {
                    if f.flags(dest).non_uniform {
                        f.mark_non_uniform(first); // (issue 5: the mark moves along)
                    }
                    f.replace_all_uses(dest, first);
                    progress = true;
                }
            }
            continue;
        }
        let InstrKind::Alu(a) = &f.instrs[id].kind else {
            continue;
        };
        let dest = a.dest;
        if f.flags(dest).non_uniform {
            // Issue 5: a move marked non-uniform (`nonuniformEXT`, glslang's decorated copy)
            // carries the mark the SPIR-V writer propagates to indices and accesses; its
            // readers keep reading it.
            continue;
        }
        let Some((src, swz)) = as_move(f, dest) else {
            // A vector built from several values: an ALU reader whose components all come
            // from one of them reads that one.
            let Some(parts) = vec_parts(f, dest) else {
                continue;
            };
            let uses: Vec<Use> = f.values[dest].uses.to_vec();
            for u in uses {
                let Use::Instr { instr, src: k } = u else {
                    continue;
                };
                let k = usize::from(k);
                let InstrKind::Alu(user) = &f.instrs[instr].kind else {
                    continue;
                };
                if user.srcs[k].value != dest {
                    continue;
                }
                let rn = reads(user.op, k, f.values[user.dest].num_components).min(4);
                let s = user.srcs[k].swizzle;
                let first = parts[usize::from(s[0]).min(3)].0;
                if (0..rn).any(|c| parts[usize::from(s[c]).min(3)].0 != first) {
                    continue;
                }
                let mut nswz = s;
                for c in 0..rn {
                    nswz[c] = parts[usize::from(s[c]).min(3)].1;
                }
                retarget(f, instr, k, first, nswz);
                progress = true;
            }
            continue;
        };
        if src == dest {
            continue;
        }
        let n = f.values[dest].num_components;
        let whole = f.values[src].num_components == n
            && f.values[src].bit_size == f.values[dest].bit_size
            && (0..n).all(|c| swz[usize::from(c)] == c);
        let uses: Vec<Use> = f.values[dest].uses.to_vec();
        for u in uses {
            match u {
                Use::Instr { instr, src: k } => {
                    let k = usize::from(k);
                    let new_kind = match &f.instrs[instr].kind {
                        InstrKind::Alu(user) if user.srcs[k].value == dest => {
                            let rn = reads(user.op, k, f.values[user.dest].num_components);
                            let mut s = user.srcs[k].swizzle;
                            for c in s.iter_mut().take(rn.min(4)) {
                                *c = swz[usize::from(*c).min(3)];
                            }
                            let mut user = user.clone();
                            user.srcs[k] = AluSrc {
                                value: src,
                                swizzle: s,
                            };
                            Some(InstrKind::Alu(user))
                        }
                        _ if whole => {
                            let mut kind = f.instrs[instr].kind.clone();
                            kind.set_src(k, src);
                            Some(kind)
                        }
                        _ => None,
                    };
                    if let Some(kind) = new_kind {
                        f.instrs[instr].kind = kind;
                        f.values[dest].uses.remove(&u);
                        f.values[src].uses.push(u);
                        progress = true;
                    }
                }
                Use::IfCond(i) if whole => {
                    f.set_if_cond(i, src);
                    progress = true;
                }
                Use::IfCond(_) => {}
            }
        }
    }
    progress
}
