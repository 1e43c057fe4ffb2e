//! Matrix functions (GLSL 8.6), expanded into ALU operations on columns and components:
//! `matrixCompMult`, `outerProduct`, `transpose`; `determinant` and `inverse` are the IR's
//! square-matrix opcodes (`fdetN`, and `finverseN_colJ` per column of the result), whose
//! sources are the columns: SPIR-V has one instruction for each, and their evaluation and
//! expansion (`fresnel_interp::matrix`, `lower_matrix_ops`) is Mesa's built-in library's
//! formula (cofactor expansion, the adjugate divided by the determinant).

use fresnel_ir::{AluOp, ValueId};
use fresnel_sema::types::TypeId as HirTypeId;
use smallvec::SmallVec;

use super::{matrix_result, value, BuiltinCx, Lowered};
use crate::Arg;

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    _ret: HirTypeId,
) -> Option<Lowered> {
    if !matches!(
        name,
        "matrixCompMult" | "outerProduct" | "transpose" | "determinant" | "inverse"
    ) {
        return None;
    }
    Some(lower_known(cx, name, args))
}

/// A matrix as scalars, `a[row][col]`.
type Scalars = Vec<Vec<ValueId>>;

fn scalars(cx: &mut BuiltinCx<'_, '_>, cols: &[ValueId]) -> Scalars {
    let rows = cols.first().map_or(0, |c| cx.b.num_components(*c));
    (0..rows)
        .map(|r| cols.iter().map(|c| cx.b.channel(*c, r)).collect())
        .collect()
}

fn lower_known(cx: &mut BuiltinCx<'_, '_>, name: &str, args: &[Arg]) -> Lowered {
    match name {
        "matrixCompMult" => {
            let x = cx.cols(args, 0)?;
            let y = cx.cols(args, 1)?;
            let out = x
                .iter()
                .zip(y.iter())
                .map(|(a, b)| cx.op2(AluOp::Fmul, *a, *b))
                .collect();
            matrix_result(out)
        }
        "outerProduct" => {
            let c = cx.val(args, 0)?;
            let r = cx.val(args, 1)?;
            let n = cx.b.num_components(r);
            let out = (0..n)
                .map(|j| {
                    let rj = cx.b.channel(r, j);
                    cx.op2(AluOp::Fmul, c, rj)
                })
                .collect();
            matrix_result(out)
        }
        "transpose" => {
            let m = cx.cols(args, 0)?;
            let a = scalars(cx, &m);
            // Column j of the result is row j of the argument.
            let out = a.iter().map(|row| cx.b.vec(row)).collect();
            matrix_result(out)
        }
        "determinant" => {
            let m = cx.cols(args, 0)?;
            let rows = m.first().map_or(0, |c| cx.b.num_components(*c));
            if usize::from(rows) != m.len() {
                return Err(cx.err("determinant of a non-square matrix"));
            }
            let op = AluOp::for_matrix(rows, None)
                .ok_or_else(|| cx.err("determinant of a matrix of unsupported size"))?;
            value(cx.b.alu(op, &m))
        }
        "inverse" => {
            let m = cx.cols(args, 0)?;
            let rows = m.first().map_or(0, |c| cx.b.num_components(*c));
            if usize::from(rows) != m.len() {
                return Err(cx.err("inverse of a non-square matrix"));
            }
            let mut out: SmallVec<[ValueId; 4]> = SmallVec::new();
            for j in 0..rows {
                let op = AluOp::for_matrix(rows, Some(j))
                    .ok_or_else(|| cx.err("inverse of a matrix of unsupported size"))?;
                out.push(cx.b.alu(op, &m));
            }
            matrix_result(out)
        }
        _ => Err(cx.unsupported(name)),
    }
}
