//! opt_fuse_ffma: `a * b + c` becomes `ffma(a, b, c)` (after the `fuse_ffma` rules of
//! `nir_opt_algebraic_late`).
//!
//! GLSL lets an implementation fuse a multiply and an add into one operation with a single
//! rounding unless the result is `precise` (GLSL 4.60 §4.7.1 and the `precise` qualifier),
//! and every GPU does; SPIR-V writes it as GLSL.std.450 `Fma`, one instruction for two.
//! The pass runs once, after the optimization loop, so the other rules see the plain
//! arithmetic first. It fuses only where
//!
//! * neither the `fadd` nor the `fmul` is `exact` (`precise`),
//! * the `fmul` is read by this `fadd` alone (otherwise the product would be computed
//!   twice), and
//! * both are per-component float operations of one bit size (16, 32 or 64), and
//! * the product is not a vector times one broadcast component (the terms of matrix
//!   products, which the SPIR-V writer turns into `OpMatrixTimesVector`).
//!
//! The `fmul`'s sources are re-read through the `fadd`'s swizzle of the product, so the
//! `ffma` computes each component from the same inputs. Value flags: the result keeps the
//! `fadd`'s, relaxed only if the product was relaxed too.

use fresnel_ir::{AluOp, AluSrc, Builder, Function, InstrId, InstrKind, Shader, Types, Use};

use crate::Pass;

pub struct FuseFfma;

impl Pass for FuseFfma {
    fn name(&self) -> &'static str {
        "opt_fuse_ffma"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        crate::for_each_function(shader, fuse)
    }
}

/// Fuses the `fmul`/`fadd` pairs of `f`.
pub fn fuse(f: &mut Function, types: &mut Types) -> bool {
    let mut progress = false;
    let order: Vec<InstrId> = f.instrs_in_order();
    for id in order {
        if f.instrs[id].removed {
            continue;
        }
        let InstrKind::Alu(add) = &f.instrs[id].kind else {
            continue;
        };
        if add.op != AluOp::Fadd || add.exact {
            continue;
        }
        let add = add.clone();
        let n = f.values[add.dest].num_components;
        let bits = f.values[add.dest].bit_size;
        if !matches!(bits, 16 | 32 | 64) || n > 4 {
            continue;
        }
        // The product: either source, read by this fadd only (once).
        let mut found = None;
        for k in 0..2 {
            let p = add.srcs[k];
            let d = &f.values[p.value];
            if d.uses.len() != 1
                || d.uses[0]
                    != (Use::Instr {
                        instr: id,
                        src: k as u16,
                    })
            {
                continue;
            }
            let InstrKind::Alu(mul) = &f.instrs[d.def].kind else {
                continue;
            };
            if mul.op != AluOp::Fmul || mul.exact || d.bit_size != bits {
                continue;
            }
            found = Some((k, mul.clone(), d.def));
            break;
        }
        let Some((k, mul, mul_id)) = found else {
            continue;
        };
        let p = add.srcs[k];
        let c = add.srcs[1 - k];
        // mul's sources through the swizzle the fadd reads the product with.
        let through = |s: &AluSrc| {
            let mut sw = [0u8; 4];
            for (i, x) in sw.iter_mut().enumerate().take(n as usize) {
                *x = s.swizzle[p.swizzle[i] as usize];
            }
            AluSrc {
                value: s.value,
                swizzle: sw,
            }
        };
        let (a, b) = (through(&mul.srcs[0]), through(&mul.srcs[1]));
        // A vector times one broadcast component stays: chains of them are matrix
        // products (`OpMatrixTimesVector` in SPIR-V), and `v * s + c` is two instructions
        // either way there (the broadcast costs one).
        let broadcast =
            |s: &AluSrc| n > 1 && s.swizzle[..n as usize].iter().all(|&x| x == s.swizzle[0]);
        if broadcast(&a) || broadcast(&b) {
            continue;
        }
        let flags = f.flags(add.dest);
        let mul_relaxed = f.flags(mul.dest).relaxed;
        let mut bld = Builder::before(f, types, id);
        let new = bld.alu_full(AluOp::Ffma, bits, n, &[a, b, c], false);
        let mut fl = flags;
        fl.relaxed &= mul_relaxed;
        f.set_flags(new, fl);
        f.replace_all_uses(add.dest, new);
        f.remove_instr(id);
        f.remove_instr(mul_id);
        progress = true;
    }
    progress
}
