//! lower_div_to_mul_rcp: `a / b` becomes `a * rcp(b)` for floats, as GPUs without a divide
//! instruction compute it (Mesa's `lower_fdiv`).
//!
//! GLSL gives division 2.5 ULP of accuracy (GLSL 4.60 §4.7.1), which the multiplication
//! by the reciprocal meets; the results may differ from a correctly rounded division in
//! the last bits, so this is a lowering a target chooses, not part of `-O`, and it never
//! touches a `precise` (exact) division.

use fresnel_ir::{AluOp, AluSrc, Shader};

use crate::util::replace_alu;
use crate::Pass;

pub struct DivToMulRcp;

impl Pass for DivToMulRcp {
    fn name(&self) -> &'static str {
        "lower_div_to_mul_rcp"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        replace_alu(shader, AluOp::Fdiv, |b, s, bits, n| {
            let r = b.alu_full(AluOp::Frcp, bits, n, &[s[1]], false);
            b.alu_full(AluOp::Fmul, bits, n, &[s[0], AluSrc::new(r)], false)
        })
    }
}
