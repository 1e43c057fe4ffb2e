//! lower_div_to_mul_rcp: `a / b` becomes `a * rcp(b)` for floats, as GPUs without a divide
//! instruction compute it (Mesa's `lower_fdiv`).
//!
//! GLSL gives division 2.5 ULP of accuracy (GLSL 4.60 §4.7.1), which the multiplication
//! by the reciprocal meets; the results may differ from a correctly rounded division in
//! the last bits, so this is a lowering a target chooses, not part of `-O`, and it never
//! touches a `precise` (exact) division.

use fresnel_ir::{AluOp, AluSrc, Builder, InstrKind, Shader};

use crate::Pass;

pub struct DivToMulRcp;

impl Pass for DivToMulRcp {
    fn name(&self) -> &'static str {
        "lower_div_to_mul_rcp"
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
                if a.op != AluOp::Fdiv || a.exact {
                    continue;
                }
                let (dest, x, y) = (a.dest, a.srcs[0], a.srcs[1]);
                let n = f.values[dest].num_components;
                let bits = f.values[dest].bit_size;
                let mut b = Builder::before(f, types, id);
                let r = b.alu_full(AluOp::Frcp, bits, n, &[y], false);
                let m = b.alu_full(AluOp::Fmul, bits, n, &[x, AluSrc::new(r)], false);
                f.replace_all_uses(dest, m);
                f.remove_instr(id);
                progress = true;
            }
        }
        progress
    }
}
