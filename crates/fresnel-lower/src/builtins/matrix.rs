//! Matrix functions (GLSL 8.6), expanded into ALU operations on columns and components:
//! `matrixCompMult`, `outerProduct`, `transpose`, `determinant` (cofactor expansion) and
//! `inverse` (the adjugate divided by the determinant, as Mesa's built-in library does).

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

/// The determinant of a square matrix of scalars (expansion along the first column).
fn det(cx: &mut BuiltinCx<'_, '_>, a: &Scalars) -> ValueId {
    let n = a.len();
    if n == 1 {
        return a[0][0];
    }
    if n == 2 {
        let p = cx.op2(AluOp::Fmul, a[0][0], a[1][1]);
        let q = cx.op2(AluOp::Fmul, a[1][0], a[0][1]);
        return cx.op2(AluOp::Fsub, p, q);
    }
    let mut acc: Option<ValueId> = None;
    for r in 0..n {
        let m = minor(a, r, 0);
        let d = det(cx, &m);
        let t = cx.op2(AluOp::Fmul, a[r][0], d);
        acc = Some(match acc {
            None => t,
            Some(s) if r % 2 == 1 => cx.op2(AluOp::Fsub, s, t),
            Some(s) => cx.op2(AluOp::Fadd, s, t),
        });
    }
    acc.expect("a matrix has rows")
}

/// The matrix without row `r` and column `c`.
fn minor(a: &Scalars, r: usize, c: usize) -> Scalars {
    a.iter()
        .enumerate()
        .filter(|(i, _)| *i != r)
        .map(|(_, row)| {
            row.iter()
                .enumerate()
                .filter(|(j, _)| *j != c)
                .map(|(_, v)| *v)
                .collect()
        })
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
            let a = scalars(cx, &m);
            if a.len() != m.len() {
                return Err(cx.err("determinant of a non-square matrix"));
            }
            value(det(cx, &a))
        }
        "inverse" => {
            let m = cx.cols(args, 0)?;
            let a = scalars(cx, &m);
            let n = a.len();
            if n != m.len() || n < 2 {
                return Err(cx.err("inverse of a non-square matrix"));
            }
            let d = det(cx, &a);
            // inverse[i][j] = cofactor(j, i) / det; result column j holds row entries i.
            let mut out: SmallVec<[ValueId; 4]> = SmallVec::new();
            for j in 0..n {
                let mut col = Vec::with_capacity(n);
                for i in 0..n {
                    // Column j, row i of the inverse: cofactor of a[j][i].
                    let c = if n == 2 {
                        a[1 - j][1 - i]
                    } else {
                        let mm = minor(&a, j, i);
                        det(cx, &mm)
                    };
                    let c = if (i + j) % 2 == 1 {
                        cx.op1(AluOp::Fneg, c)
                    } else {
                        c
                    };
                    col.push(cx.op2(AluOp::Fdiv, c, d));
                }
                out.push(cx.b.vec(&col));
            }
            matrix_result(out)
        }
        _ => Err(cx.unsupported(name)),
    }
}
