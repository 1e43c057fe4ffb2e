//! lower_mod_to_fract: `mod(x, y)` becomes `y * fract(x / y)` for floats (Mesa's
//! `lower_fmod` variant for hardware with a fract instruction).
//!
//! GLSL defines `mod(x, y)` as `x - y * floor(x / y)`; since `fract(t) = t - floor(t)`,
//! `y * fract(x / y)` is the same value in exact arithmetic and within GLSL's accuracy for
//! the built-in (which is derived from its definition) otherwise. Not part of `-O`; never
//! applied to a `precise` operation.

use fresnel_ir::{AluOp, AluSrc, Builder, InstrKind, Shader};

use crate::Pass;

pub struct ModToFract;

impl Pass for ModToFract {
    fn name(&self) -> &'static str {
        "lower_mod_to_fract"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let Shader {
            functions, types, ..
        } = shader;
        let mut progress = false;
        for (_, f) in functions.iter_mut() {
            for id in f.instrs_in_order() {
                let InstrKind::Alu(a) = &f.instrs[id].kind else {
                    continue;
                };
                if a.op != AluOp::Fmod || a.exact {
                    continue;
                }
                let (dest, x, y) = (a.dest, a.srcs[0], a.srcs[1]);
                let n = f.values[dest].num_components;
                let bits = f.values[dest].bit_size;
                let mut b = Builder::before(f, types, id);
                let q = b.alu_full(AluOp::Fdiv, bits, n, &[x, y], false);
                let fr = b.alu_full(AluOp::Ffract, bits, n, &[AluSrc::new(q)], false);
                let m = b.alu_full(AluOp::Fmul, bits, n, &[y, AluSrc::new(fr)], false);
                f.replace_all_uses(dest, m);
                f.remove_instr(id);
                progress = true;
            }
        }
        progress
    }
}
