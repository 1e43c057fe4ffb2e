//! lower_matrix_ops: the square-matrix opcodes (`fdetN`, `finverseN_colJ`, whose sources
//! are the matrix's columns) expanded into scalar ALU arithmetic, for targets that have no
//! `determinant` / `inverse` instruction (SPIR-V has GLSL.std.450 `Determinant` and
//! `MatrixInverse`, so `-O` keeps the opcodes, which also lets CSE share one inverse).
//!
//! The expansion is [`fresnel_interp::matrix`]'s formula (cofactor expansion along the first
//! column; the adjugate divided by the determinant), the one the interpreter evaluates the
//! opcodes with, written out operation by operation in the same order: the expanded code
//! computes bit for bit what the opcode evaluates to. A `precise` opcode gives `precise`
//! arithmetic. Each inverse column is expanded on its own; CSE shares the determinant and
//! the minors between them.

use fresnel_interp::matrix::{det, inverse_col, MatrixArith};
use fresnel_ir::{AluOp, AluSrc, Builder, InstrKind, Shader, ValueId};

use crate::Pass;

pub struct LowerMatrixOps;

impl Pass for LowerMatrixOps {
    fn name(&self) -> &'static str {
        "lower_matrix_ops"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        crate::for_each_function(shader, |f, types| {
            let mut progress = false;
            for id in f.instrs_in_order() {
                let InstrKind::Alu(a) = &f.instrs[id].kind else {
                    continue;
                };
                let Some((n, col)) = a.op.matrix_op() else {
                    continue;
                };
                let (dest, srcs, exact) = (a.dest, a.srcs.clone(), a.exact);
                let bits = f.values[dest].bit_size;
                let mut b = Builder::before(f, types, id);
                // Row r, column c: component r of source c.
                let rows: Vec<Vec<AluSrc>> = (0..n)
                    .map(|r| {
                        (0..n)
                            .map(|c| {
                                AluSrc::broadcast(
                                    srcs[usize::from(c)].value,
                                    srcs[usize::from(c)].swizzle[usize::from(r)],
                                )
                            })
                            .collect()
                    })
                    .collect();
                let mut ar = Expand {
                    b: &mut b,
                    bits,
                    exact,
                };
                let new = match col {
                    None => {
                        let d = det(&mut ar, &rows);
                        ar.value(d)
                    }
                    Some(j) => {
                        let v = inverse_col(&mut ar, &rows, usize::from(j));
                        let comps: Vec<(ValueId, u8)> =
                            v.iter().map(|s| (s.value, s.swizzle[0])).collect();
                        ar.b.vec_from(&comps)
                    }
                };
                f.replace_all_uses(dest, new);
                f.remove_instr(id);
                progress = true;
            }
            progress
        })
    }
}

/// The formula's arithmetic as scalar ALU instructions.
struct Expand<'a, 'f> {
    b: &'a mut Builder<'f>,
    bits: u8,
    exact: bool,
}

impl Expand<'_, '_> {
    fn op(&mut self, op: AluOp, srcs: &[AluSrc]) -> AluSrc {
        AluSrc::new(self.b.alu_full(op, self.bits, 1, srcs, self.exact))
    }

    /// A scalar as a value of its own (a `mov` only for a bare source component).
    fn value(&mut self, s: AluSrc) -> ValueId {
        if s.swizzle[0] == 0 && self.b.func.values[s.value].num_components == 1 {
            s.value
        } else {
            self.b.channel(s.value, s.swizzle[0])
        }
    }
}

impl MatrixArith for Expand<'_, '_> {
    type V = AluSrc;
    fn mul(&mut self, a: AluSrc, b: AluSrc) -> AluSrc {
        self.op(AluOp::Fmul, &[a, b])
    }
    fn add(&mut self, a: AluSrc, b: AluSrc) -> AluSrc {
        self.op(AluOp::Fadd, &[a, b])
    }
    fn sub(&mut self, a: AluSrc, b: AluSrc) -> AluSrc {
        self.op(AluOp::Fsub, &[a, b])
    }
    fn neg(&mut self, a: AluSrc) -> AluSrc {
        self.op(AluOp::Fneg, &[a])
    }
    fn div(&mut self, a: AluSrc, b: AluSrc) -> AluSrc {
        self.op(AluOp::Fdiv, &[a, b])
    }
}
