//! lower_mod_to_fract: `mod(x, y)` becomes `y * fract(x / y)` for floats (Mesa's
//! `lower_fmod` variant for hardware with a fract instruction).
//!
//! GLSL defines `mod(x, y)` as `x - y * floor(x / y)`; since `fract(t) = t - floor(t)`,
//! `y * fract(x / y)` is the same value in exact arithmetic and within GLSL's accuracy for
//! the built-in (which is derived from its definition) otherwise. Not part of `-O`; never
//! applied to a `precise` operation.

use fresnel_ir::{AluOp, AluSrc, Shader};

use crate::util::replace_alu;
use crate::Pass;

pub struct ModToFract;

impl Pass for ModToFract {
    fn name(&self) -> &'static str {
        "lower_mod_to_fract"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        replace_alu(shader, AluOp::Fmod, |b, s, bits, n| {
            let q = b.alu_full(AluOp::Fdiv, bits, n, &[s[0], s[1]], false);
            let fr = b.alu_full(AluOp::Ffract, bits, n, &[AluSrc::new(q)], false);
            b.alu_full(AluOp::Fmul, bits, n, &[s[1], AluSrc::new(fr)], false)
        })
    }
}
