//! The IR's square-matrix opcodes (`fdetN`, `finverseN_colJ`, whose sources are the
//! matrix's columns) as GLSL.std.450 `Determinant` and `MatrixInverse`, as glslang writes
//! `determinant()` and `inverse()`: the columns are made into a matrix
//! (`OpCompositeConstruct`), and the inverse is computed once per block for all the columns
//! read from it (`OpCompositeExtract` of each).

use fresnel_ir::{Alu, BaseType};
use smallvec::SmallVec;

use super::super::spec::op;
use super::super::types::Kind;
use super::super::Result;
use crate::spirv::func::FuncCx;

/// GLSL.std.450 instruction numbers.
const DETERMINANT: u32 = 33;
const MATRIX_INVERSE: u32 = 34;

impl FuncCx<'_, '_> {
    /// Writes `a` if it is a matrix opcode: its result id and kind.
    pub(super) fn emit_matrix_op(&mut self, a: &Alu) -> Result<Option<(u32, Kind)>> {
        let Some((n, col)) = a.op.matrix_op() else {
            return Ok(None);
        };
        let (mat, mat_t, ck) = self.matrix_operand(a, n)?;
        let glsl = self.m.glsl_ext;
        let col_t = self.m.kind_type(ck);
        Ok(Some(match col {
            None => {
                let sk = ck.scalar();
                let t = self.m.kind_type(sk);
                let id = self.cached(
                    op::EXT_INST,
                    t,
                    SmallVec::from_slice(&[DETERMINANT, mat]),
                    |cx, t, id, ops| {
                        cx.code.inst(op::EXT_INST, &[t, id, glsl, ops[0], ops[1]]);
                        id
                    },
                );
                (id, sk)
            }
            Some(j) => {
                let inv = self.inverse_of(mat, mat_t);
                let id = self.m.id();
                self.code
                    .inst(op::COMPOSITE_EXTRACT, &[col_t, id, inv, u32::from(j)]);
                (id, ck)
            }
        }))
    }

    /// The whole inverse of the matrix a `finverseN_colJ` reads (once per block): its id and
    /// SPIR-V matrix type. Written where a store of all the columns stores it whole.
    pub(in crate::spirv) fn matrix_inverse(&mut self, a: &Alu) -> Result<(u32, u32)> {
        let Some((n, Some(_))) = a.op.matrix_op() else {
            return Err(super::super::SpirvError::new(
                "internal: not an inverse column",
            ));
        };
        let (mat, mat_t, _) = self.matrix_operand(a, n)?;
        Ok((self.inverse_of(mat, mat_t), mat_t))
    }

    fn inverse_of(&mut self, mat: u32, mat_t: u32) -> u32 {
        let glsl = self.m.glsl_ext;
        self.cached(
            op::EXT_INST,
            mat_t,
            SmallVec::from_slice(&[MATRIX_INVERSE, mat]),
            |cx, t, id, ops| {
                cx.code.inst(op::EXT_INST, &[t, id, glsl, ops[0], ops[1]]);
                id
            },
        )
    }

    /// The matrix a matrix opcode reads (its `n` column sources): the aggregate of a whole
    /// matrix loaded at once (`coalesce.rs`), or the columns constructed (once per block).
    /// Returns the id, the matrix type and the column kind.
    fn matrix_operand(&mut self, a: &Alu, n: u8) -> Result<(u32, u32, Kind)> {
        let bits = self.f.values[a.dest].bit_size;
        let ck = Kind::new(BaseType::Float, bits, n);
        let col_t = self.m.kind_type(ck);
        let mat_t = self.m.ty(op::TYPE_MATRIX, &[col_t, u32::from(n)]);
        // The columns of a whole matrix loaded at once (`coalesce.rs`): that matrix.
        let whole = self.groups.loaded.iter().find_map(|(parent, values)| {
            let same = values.len() == usize::from(n)
                && a.srcs
                    .iter()
                    .zip(values)
                    .all(|(s, v)| s.value == *v && (0..n).all(|c| s.swizzle[usize::from(c)] == c));
            match self.aggs.get(parent) {
                Some(&(agg, t)) if same && t == mat_t => Some(agg),
                _ => None,
            }
        });
        let cols: SmallVec<[u32; 6]> = match whole {
            Some(agg) => SmallVec::from_slice(&[agg]),
            None => {
                let mut cols = SmallVec::new();
                for s in a.srcs.iter().take(usize::from(n)) {
                    // A column whose extract was left for its readers (`coalesce.rs`).
                    self.materialize(s.value)?;
                    cols.push(self.alu_src(s, n, Some(BaseType::Float))?.0);
                }
                cols
            }
        };
        let mat = self.cached(op::COMPOSITE_CONSTRUCT, mat_t, cols, |cx, t, id, ops| {
            if let [agg] = ops {
                return *agg;
            }
            let mut w = vec![t, id];
            w.extend_from_slice(ops);
            cx.code.inst(op::COMPOSITE_CONSTRUCT, &w);
            id
        });
        Ok((mat, mat_t, ck))
    }

    /// A pure instruction of the current block, written once (`write(cx, type, id, ops)`
    /// writes it and returns its id, or returns an existing id instead).
    pub(in crate::spirv) fn cached(
        &mut self,
        opc: u16,
        t: u32,
        ops: SmallVec<[u32; 6]>,
        write: impl FnOnce(&mut Self, u32, u32, &[u32]) -> u32,
    ) -> u32 {
        if let Some(id) = self.pure.get(opc, t, &ops) {
            return id;
        }
        let id = self.m.id();
        let id = write(self, t, id, &ops);
        self.pure.insert(opc, t, &ops, id);
        id
    }

    /// Records that `id` (written by the caller) is the `OpCompositeConstruct` of type `t`
    /// of `ops` in the current block: a construct of the same parts reuses it.
    pub(in crate::spirv) fn remember_construct(&mut self, t: u32, ops: &[u32], id: u32) {
        self.pure
            .get_or_insert_with(op::COMPOSITE_CONSTRUCT, t, ops, || id);
    }
}
