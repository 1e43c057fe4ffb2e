//! Constant folding of built-in function calls whose arguments are all constant.
//!
//! Component-wise functions broadcast scalar arguments against vectors. Results are computed
//! in f64 and rounded to the result type; integer functions are exact.

use crate::builtin_types::Scalar;
use crate::constant::ConstValue;
use crate::types::{Type, TypeId, TypeTable};

fn scalars(c: &ConstValue) -> Vec<ConstValue> {
    match c {
        ConstValue::Composite(v) => v.iter().flat_map(scalars).collect(),
        s => vec![s.clone()],
    }
}

fn f(c: &ConstValue) -> f64 {
    c.to_f64().unwrap_or(0.0)
}

/// Applies `op` component-wise over the arguments, broadcasting scalars; the result takes the
/// scalar type `out` (or each component's own type when `None`).
fn map_n(
    args: &[ConstValue],
    out: Option<Scalar>,
    op: impl Fn(&[ConstValue]) -> Option<ConstValue>,
) -> Option<ConstValue> {
    let n = args
        .iter()
        .map(|a| match a {
            ConstValue::Composite(v) => v.len(),
            _ => 1,
        })
        .max()
        .unwrap_or(1);
    let any_composite = args.iter().any(|a| a.is_composite());
    let mut comps = Vec::with_capacity(n);
    for i in 0..n {
        let row: Vec<ConstValue> = args
            .iter()
            .map(|a| match a {
                ConstValue::Composite(v) => v.get(i).cloned().unwrap_or_else(|| v[0].clone()),
                s => s.clone(),
            })
            .collect();
        if row.iter().any(|r| r.is_composite()) {
            return None;
        }
        let r = op(&row)?;
        comps.push(match out {
            Some(s) => r.convert(s),
            None => r,
        });
    }
    Some(if any_composite {
        ConstValue::Composite(comps)
    } else {
        comps.into_iter().next()?
    })
}

/// A float function of one argument, keeping the argument's type.
fn float1(args: &[ConstValue], op: impl Fn(f64) -> f64) -> Option<ConstValue> {
    map_n(args, None, |r| {
        let s = r[0].scalar_type()?;
        Some(ConstValue::from_f64(s, op(f(&r[0]))))
    })
}

fn float2(args: &[ConstValue], op: impl Fn(f64, f64) -> f64) -> Option<ConstValue> {
    map_n(args, None, |r| {
        let s = r[0].scalar_type()?;
        Some(ConstValue::from_f64(s, op(f(&r[0]), f(&r[1]))))
    })
}

fn float3(args: &[ConstValue], op: impl Fn(f64, f64, f64) -> f64) -> Option<ConstValue> {
    map_n(args, None, |r| {
        let s = r[0].scalar_type()?;
        Some(ConstValue::from_f64(s, op(f(&r[0]), f(&r[1]), f(&r[2]))))
    })
}

/// Numeric function keeping integer exactness: computes in i128 for integers, f64 for floats.
fn numeric2(
    args: &[ConstValue],
    fi: impl Fn(i128, i128) -> i128,
    ff: impl Fn(f64, f64) -> f64,
) -> Option<ConstValue> {
    map_n(args, None, |r| {
        let s = r[0].scalar_type()?;
        if s.is_int() {
            let (a, b) = (r[0].to_i64()? as i128, r[1].convert(s).to_i64()? as i128);
            let a = if s.is_unsigned_int() {
                unsigned(&r[0])?
            } else {
                a
            };
            let b = if s.is_unsigned_int() {
                unsigned(&r[1].convert(s))?
            } else {
                b
            };
            Some(int_value(s, fi(a, b)))
        } else {
            Some(ConstValue::from_f64(s, ff(f(&r[0]), f(&r[1]))))
        }
    })
}

fn unsigned(c: &ConstValue) -> Option<i128> {
    Some(match *c {
        ConstValue::U8(v) => v as i128,
        ConstValue::U16(v) => v as i128,
        ConstValue::U32(v) => v as i128,
        ConstValue::U64(v) => v as i128,
        _ => c.to_i64()? as i128,
    })
}

/// The bits of a scalar type's width, as a mask.
fn width_mask(s: Scalar) -> u128 {
    match s.bits() {
        b if b >= 128 => u128::MAX,
        b => (1u128 << b) - 1,
    }
}

fn int_value(s: Scalar, v: i128) -> ConstValue {
    match s {
        Scalar::I8 => ConstValue::I8(v as i8),
        Scalar::I16 => ConstValue::I16(v as i16),
        Scalar::I32 => ConstValue::I32(v as i32),
        Scalar::I64 => ConstValue::I64(v as i64),
        Scalar::U8 => ConstValue::U8(v as u8),
        Scalar::U16 => ConstValue::U16(v as u16),
        Scalar::U32 => ConstValue::U32(v as u32),
        _ => ConstValue::U64(v as u64),
    }
}

fn vec_f64(c: &ConstValue) -> Vec<f64> {
    scalars(c).iter().map(f).collect()
}

fn from_vec(s: Scalar, v: &[f64]) -> ConstValue {
    if v.len() == 1 {
        ConstValue::from_f64(s, v[0])
    } else {
        ConstValue::Composite(v.iter().map(|x| ConstValue::from_f64(s, *x)).collect())
    }
}

fn matrix_cols(c: &ConstValue) -> Vec<Vec<f64>> {
    c.components().iter().map(vec_f64).collect()
}

fn matrix_value(s: Scalar, cols: &[Vec<f64>]) -> ConstValue {
    ConstValue::Composite(
        cols.iter()
            .map(|c| ConstValue::Composite(c.iter().map(|x| ConstValue::from_f64(s, *x)).collect()))
            .collect(),
    )
}

fn det(m: &[Vec<f64>]) -> f64 {
    match m.len() {
        2 => m[0][0] * m[1][1] - m[1][0] * m[0][1],
        3 => {
            m[0][0] * (m[1][1] * m[2][2] - m[2][1] * m[1][2])
                - m[1][0] * (m[0][1] * m[2][2] - m[2][1] * m[0][2])
                + m[2][0] * (m[0][1] * m[1][2] - m[1][1] * m[0][2])
        }
        n => {
            // Laplace expansion along the first column.
            let mut d = 0.0;
            for i in 0..n {
                let minor: Vec<Vec<f64>> = m[1..]
                    .iter()
                    .map(|col| {
                        col.iter()
                            .enumerate()
                            .filter(|(r, _)| *r != i)
                            .map(|(_, v)| *v)
                            .collect()
                    })
                    .collect();
                let sign = if i % 2 == 0 { 1.0 } else { -1.0 };
                d += sign * m[0][i] * det(&minor);
            }
            d
        }
    }
}

fn inverse(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let d = det(m);
    if d == 0.0 {
        return None;
    }
    // Adjugate / determinant; m is column-major (m[col][row]).
    let mut out = vec![vec![0.0; n]; n];
    for (c, out_col) in out.iter_mut().enumerate() {
        for (r, slot) in out_col.iter_mut().enumerate() {
            // cofactor of element (row c, col r) of m, transposed.
            let minor: Vec<Vec<f64>> = (0..n)
                .filter(|&cc| cc != r)
                .map(|cc| (0..n).filter(|&rr| rr != c).map(|rr| m[cc][rr]).collect())
                .collect();
            let sign = if (r + c) % 2 == 0 { 1.0 } else { -1.0 };
            *slot = sign * det(&minor) / d;
        }
    }
    Some(out)
}

/// Folds a call of a built-in function; `None` when the function is not folded.
pub fn fold_builtin(
    name: &str,
    args: &[ConstValue],
    types: &TypeTable,
    ret: TypeId,
) -> Option<ConstValue> {
    let ret_scalar = types.scalar_of(ret);
    let a0 = args.first()?;
    let s0 = scalars(a0).first()?.scalar_type()?;
    Some(match name {
        "radians" => float1(args, f64::to_radians)?,
        "degrees" => float1(args, f64::to_degrees)?,
        "sin" => float1(args, libm::sin)?,
        "cos" => float1(args, libm::cos)?,
        "tan" => float1(args, libm::tan)?,
        "asin" => float1(args, libm::asin)?,
        "acos" => float1(args, libm::acos)?,
        "atan" if args.len() == 1 => float1(args, libm::atan)?,
        "atan" => float2(args, libm::atan2)?,
        "sinh" => float1(args, libm::sinh)?,
        "cosh" => float1(args, libm::cosh)?,
        "tanh" => float1(args, libm::tanh)?,
        "asinh" => float1(args, libm::asinh)?,
        "acosh" => float1(args, libm::acosh)?,
        "atanh" => float1(args, libm::atanh)?,
        "pow" => float2(args, libm::pow)?,
        "exp" => float1(args, libm::exp)?,
        "log" => float1(args, libm::log)?,
        "exp2" => float1(args, libm::exp2)?,
        "log2" => float1(args, libm::log2)?,
        "sqrt" => float1(args, f64::sqrt)?,
        // "The built-in functions dFdx, dFdy, and fwidth must return 0 when evaluated inside
        // an initializer with an argument that is a constant expression" (the fine and
        // coarse forms likewise: the derivative of a constant).
        "dFdx" | "dFdy" | "fwidth" | "dFdxFine" | "dFdyFine" | "fwidthFine" | "dFdxCoarse"
        | "dFdyCoarse" | "fwidthCoarse" => float1(args, |_| 0.0)?,
        "inversesqrt" => float1(args, |x| 1.0 / x.sqrt())?,
        "abs" if s0.is_int() => map_n(args, None, |r| {
            let s = r[0].scalar_type()?;
            if s.is_unsigned_int() {
                return Some(r[0].clone());
            }
            Some(int_value(s, (r[0].to_i64()? as i128).abs()))
        })?,
        "abs" => float1(args, f64::abs)?,
        "sign" if s0.is_int() => map_n(args, None, |r| {
            let s = r[0].scalar_type()?;
            Some(int_value(s, (r[0].to_i64()? as i128).signum()))
        })?,
        "sign" => float1(args, |x| {
            if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                0.0
            }
        })?,
        "floor" => float1(args, f64::floor)?,
        "trunc" => float1(args, f64::trunc)?,
        "round" => float1(args, f64::round)?,
        "roundEven" => float1(args, f64::round_ties_even)?,
        "ceil" => float1(args, f64::ceil)?,
        "fract" => float1(args, |x| x - x.floor())?,
        "mod" => float2(args, |x, y| x - y * (x / y).floor())?,
        "min" => numeric2(args, |a, b| a.min(b), f64::min)?,
        "max" => numeric2(args, |a, b| a.max(b), f64::max)?,
        "clamp" => {
            let lo = numeric2(
                &[args[0].clone(), args[1].clone()],
                |a, b| a.max(b),
                f64::max,
            )?;
            numeric2(&[lo, args[2].clone()], |a, b| a.min(b), f64::min)?
        }
        "mix"
            if args.len() == 3
                && scalars(&args[2]).first()?.scalar_type() == Some(Scalar::Bool) =>
        {
            map_n(args, None, |r| {
                Some(if r[2].as_bool()? {
                    r[1].clone()
                } else {
                    r[0].clone()
                })
            })?
        }
        "mix" => float3(args, |x, y, a| x * (1.0 - a) + y * a)?,
        "step" => map_n(args, None, |r| {
            let s = r[1].scalar_type()?;
            Some(ConstValue::from_f64(
                s,
                if f(&r[1]) < f(&r[0]) { 0.0 } else { 1.0 },
            ))
        })?,
        "smoothstep" => map_n(args, None, |r| {
            let s = r[2].scalar_type()?;
            let (e0, e1, x) = (f(&r[0]), f(&r[1]), f(&r[2]));
            let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
            Some(ConstValue::from_f64(s, t * t * (3.0 - 2.0 * t)))
        })?,
        "fma" => float3(args, |a, b, c| a * b + c)?,
        "isnan" => map_n(args, Some(Scalar::Bool), |r| {
            Some(ConstValue::Bool(f(&r[0]).is_nan()))
        })?,
        "isinf" => map_n(args, Some(Scalar::Bool), |r| {
            Some(ConstValue::Bool(f(&r[0]).is_infinite()))
        })?,
        "floatBitsToInt" => map_n(args, None, |r| {
            Some(ConstValue::I32((f(&r[0]) as f32).to_bits() as i32))
        })?,
        "floatBitsToUint" => map_n(args, None, |r| {
            Some(ConstValue::U32((f(&r[0]) as f32).to_bits()))
        })?,
        "intBitsToFloat" | "uintBitsToFloat" => map_n(args, None, |r| {
            Some(ConstValue::F32(f32::from_bits(r[0].to_i64()? as u32)))
        })?,
        // The bits of a double as (low word, high word), and back.
        "packDouble2x32" => {
            let w = scalars(a0);
            let (lo, hi) = (w.first()?.to_i64()? as u32, w.get(1)?.to_i64()? as u32);
            ConstValue::F64(f64::from_bits(u64::from(lo) | (u64::from(hi) << 32)))
        }
        "unpackDouble2x32" => {
            let bits = match a0 {
                ConstValue::F64(x) => x.to_bits(),
                _ => return None,
            };
            ConstValue::Composite(vec![
                ConstValue::U32(bits as u32),
                ConstValue::U32((bits >> 32) as u32),
            ])
        }
        "length" => {
            let v = vec_f64(a0);
            ConstValue::from_f64(s0, v.iter().map(|x| x * x).sum::<f64>().sqrt())
        }
        "distance" => {
            let (a, b) = (vec_f64(a0), vec_f64(args.get(1)?));
            ConstValue::from_f64(
                s0,
                a.iter()
                    .zip(&b)
                    .map(|(x, y)| (x - y) * (x - y))
                    .sum::<f64>()
                    .sqrt(),
            )
        }
        "dot" => {
            let (a, b) = (vec_f64(a0), vec_f64(args.get(1)?));
            ConstValue::from_f64(s0, a.iter().zip(&b).map(|(x, y)| x * y).sum())
        }
        "cross" => {
            let (a, b) = (vec_f64(a0), vec_f64(args.get(1)?));
            if a.len() != 3 || b.len() != 3 {
                return None;
            }
            from_vec(
                s0,
                &[
                    a[1] * b[2] - b[1] * a[2],
                    a[2] * b[0] - b[2] * a[0],
                    a[0] * b[1] - b[0] * a[1],
                ],
            )
        }
        "normalize" => {
            let a = vec_f64(a0);
            let l = a.iter().map(|x| x * x).sum::<f64>().sqrt();
            from_vec(s0, &a.iter().map(|x| x / l).collect::<Vec<_>>())
        }
        "faceforward" => {
            let (n, i, nref) = (vec_f64(a0), vec_f64(args.get(1)?), vec_f64(args.get(2)?));
            let d: f64 = nref.iter().zip(&i).map(|(x, y)| x * y).sum();
            from_vec(
                s0,
                &n.iter()
                    .map(|x| if d < 0.0 { *x } else { -x })
                    .collect::<Vec<_>>(),
            )
        }
        "reflect" => {
            let (i, n) = (vec_f64(a0), vec_f64(args.get(1)?));
            let d: f64 = n.iter().zip(&i).map(|(x, y)| x * y).sum();
            from_vec(
                s0,
                &i.iter()
                    .zip(&n)
                    .map(|(a, b)| a - 2.0 * d * b)
                    .collect::<Vec<_>>(),
            )
        }
        "refract" => {
            let (i, n) = (vec_f64(a0), vec_f64(args.get(1)?));
            let eta = f(args.get(2)?);
            let d: f64 = n.iter().zip(&i).map(|(x, y)| x * y).sum();
            let k = 1.0 - eta * eta * (1.0 - d * d);
            if k < 0.0 {
                from_vec(s0, &vec![0.0; i.len()])
            } else {
                from_vec(
                    s0,
                    &i.iter()
                        .zip(&n)
                        .map(|(a, b)| eta * a - (eta * d + k.sqrt()) * b)
                        .collect::<Vec<_>>(),
                )
            }
        }
        "matrixCompMult" => {
            let (a, b) = (matrix_cols(a0), matrix_cols(args.get(1)?));
            let cols: Vec<Vec<f64>> = a
                .iter()
                .zip(&b)
                .map(|(x, y)| x.iter().zip(y).map(|(p, q)| p * q).collect())
                .collect();
            matrix_value(s0, &cols)
        }
        "transpose" => {
            let m = matrix_cols(a0);
            let rows = m.first()?.len();
            let t: Vec<Vec<f64>> = (0..rows)
                .map(|r| m.iter().map(|c| c[r]).collect())
                .collect();
            matrix_value(s0, &t)
        }
        "determinant" => ConstValue::from_f64(s0, det(&matrix_cols(a0))),
        "inverse" => matrix_value(s0, &inverse(&matrix_cols(a0))?),
        "outerProduct" => {
            let (c, r) = (vec_f64(a0), vec_f64(args.get(1)?));
            let cols: Vec<Vec<f64>> = r
                .iter()
                .map(|rv| c.iter().map(|cv| cv * rv).collect())
                .collect();
            matrix_value(s0, &cols)
        }
        "lessThan" | "lessThanEqual" | "greaterThan" | "greaterThanEqual" | "equal"
        | "notEqual" => {
            let (a, b) = (scalars(a0), scalars(args.get(1)?));
            let op = match name {
                "lessThan" => fresnel_syntax::ast::BinaryOp::Lt,
                "lessThanEqual" => fresnel_syntax::ast::BinaryOp::Le,
                "greaterThan" => fresnel_syntax::ast::BinaryOp::Gt,
                "greaterThanEqual" => fresnel_syntax::ast::BinaryOp::Ge,
                "equal" => fresnel_syntax::ast::BinaryOp::Eq,
                _ => fresnel_syntax::ast::BinaryOp::Ne,
            };
            let v: Option<Vec<ConstValue>> = a
                .iter()
                .zip(&b)
                .map(|(x, y)| crate::constant::binary_scalar(op, x, y).ok())
                .collect();
            ConstValue::Composite(v?)
        }
        "any" => ConstValue::Bool(scalars(a0).iter().any(|c| c.as_bool() == Some(true))),
        "all" => ConstValue::Bool(scalars(a0).iter().all(|c| c.as_bool() == Some(true))),
        "not" => ConstValue::Composite(
            scalars(a0)
                .iter()
                .map(|c| ConstValue::Bool(c.as_bool() != Some(true)))
                .collect(),
        ),
        // The bits of the value's own width (a negative `int` has 32 set bits at most).
        "bitCount" => map_n(args, Some(Scalar::I32), |r| {
            let v = unsigned(&r[0])? as u128 & width_mask(r[0].scalar_type()?);
            Some(ConstValue::I32(v.count_ones() as i32))
        })?,
        // The `bits` bits at `offset`, sign-extended for signed types; offsets and sizes
        // outside the value give an undefined result, left to run time.
        "bitfieldExtract" => map_n(args, None, |r| {
            let s = r[0].scalar_type()?;
            let w = s.bits();
            let (off, n) = (r[1].to_i64()?, r[2].to_i64()?);
            if off < 0 || n < 0 || off + n > i64::from(w) {
                return None;
            }
            if n == 0 {
                return Some(int_value(s, 0));
            }
            let v = (unsigned(&r[0])? as u128 & width_mask(s)) >> off;
            let field = v & ((1u128 << n) - 1);
            let field = if s.is_signed_int() && field >> (n - 1) & 1 == 1 {
                field as i128 - (1i128 << n)
            } else {
                field as i128
            };
            Some(int_value(s, field))
        })?,
        "bitfieldInsert" => map_n(args, None, |r| {
            let s = r[0].scalar_type()?;
            let w = s.bits();
            let (off, n) = (r[2].to_i64()?, r[3].to_i64()?);
            if off < 0 || n < 0 || off + n > i64::from(w) {
                return None;
            }
            let mask = ((1u128 << n) - 1) << off;
            let base = unsigned(&r[0])? as u128 & width_mask(s);
            let ins = (unsigned(&r[1])? as u128) << off;
            Some(int_value(s, ((base & !mask) | (ins & mask)) as i128))
        })?,
        // x * 2^exp; results below the smallest normal number flush to zero (with the sign),
        // which the GLSL spec allows and Mesa does.
        "ldexp" => map_n(args, None, |r| {
            let s = r[0].scalar_type()?;
            let x = r[0].to_f64()?;
            let e = r[1].to_i64()?.clamp(-2200, 2200) as i32;
            let v = x * 2f64.powi(e);
            let min_normal = match s {
                Scalar::F64 => f64::MIN_POSITIVE,
                Scalar::F16 => 6.103_515_625e-5,
                _ => f64::from(f32::MIN_POSITIVE),
            };
            let v = if v != 0.0 && v.abs() < min_normal {
                0.0f64.copysign(v)
            } else {
                v
            };
            Some(ConstValue::from_f64(s, v))
        })?,
        "findLSB" => map_n(args, Some(Scalar::I32), |r| {
            let v = r[0].to_i64()? as u32;
            Some(ConstValue::I32(if v == 0 {
                -1
            } else {
                v.trailing_zeros() as i32
            }))
        })?,
        "findMSB" => map_n(args, Some(Scalar::I32), |r| {
            let s = r[0].scalar_type()?;
            let v = r[0].to_i64()? as i32;
            let v = if s.is_signed_int() && v < 0 { !v } else { v };
            let u = v as u32;
            Some(ConstValue::I32(if u == 0 {
                -1
            } else {
                31 - u.leading_zeros() as i32
            }))
        })?,
        "bitfieldReverse" => map_n(args, None, |r| {
            let s = r[0].scalar_type()?;
            Some(ConstValue::U32((r[0].to_i64()? as u32).reverse_bits()).convert(s))
        })?,
        _ => return None,
    })
    .map(|v| match (ret_scalar, types.get(ret)) {
        // Keep the declared return scalar type (e.g. int results of findMSB on uint).
        (Some(s), Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. }) => v.convert(s),
        _ => v,
    })
}
