//! Constant values and the evaluation of constant expressions.
//!
//! Integer arithmetic wraps (GLSL integers are two's complement and overflow silently);
//! division by zero is reported by the caller. Floating-point arithmetic is done in the
//! precision of the type (f32 for `float`, f64 for `double`).

use crate::builtin_types::Scalar;

/// A compile-time value. Vectors and matrices are composites of scalars (a matrix is a
/// composite of its columns); arrays and structs are composites of their elements.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstValue {
    Bool(bool),
    I8(i8),
    I16(i16),
    I32(i32),
    I64(i64),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    /// A 16-bit float, held as the f32 it converts to exactly.
    F16(f32),
    F32(f32),
    F64(f64),
    Composite(Vec<ConstValue>),
}

/// Rounds an f32 to the nearest f16 value (ties to even), returned as f32.
pub fn round_to_f16(x: f32) -> f32 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    let a = x.abs();
    if a >= 65520.0 {
        return f32::INFINITY.copysign(x);
    }
    // The spacing of f16 values around |x|: from the exponent bits (exact, where
    // `floor(log2(a))` in floating point can round up just below a power of two), at least
    // that of the smallest normal f16 (subnormal f32 values are far below it).
    let biased = ((a.to_bits() >> 23) & 0xff) as i32;
    let exp = (biased - 127).max(-14);
    let ulp = 2f32.powi(exp - 10);
    let q = (a / ulp).round_ties_even() * ulp;
    q.copysign(x)
}

/// (Issue 5, helper F) `v` rounded to nearest-even in a small float format (bfloat16,
/// float e5m2, float e4m3), as the `f32` holding it exactly: bfloat16 has float's exponent
/// range and 8 significant bits; e5m2 (bias 15, 3 significant bits) overflows to infinity;
/// e4m3 (bias 7, 4 significant bits, largest finite 448) has no infinity and overflows to
/// NaN. Other scalar types: `v` as `f32`.
pub fn small_float_round(s: Scalar, v: f64) -> f32 {
    // (significant bits, exponent of the smallest normal, largest finite, infinity?)
    let (p, emin, max, inf): (i32, i32, f64, bool) = match s {
        Scalar::BF16 => (8, -126, (2.0 - 2f64.powi(-7)) * 2f64.powi(127), true),
        Scalar::FE5M2 => (3, -14, 57344.0, true),
        Scalar::FE4M3 => (4, -6, 448.0, false),
        _ => return v as f32,
    };
    if v.is_nan() || v == 0.0 {
        return v as f32;
    }
    let overflow = if inf { f32::INFINITY } else { f32::NAN };
    if v.is_infinite() {
        return overflow.copysign(v as f32);
    }
    let a = v.abs();
    // The binary exponent of `a` (exact, from the bits; f64 subnormals are far below
    // every format's range and take the smallest exponent).
    let biased = ((a.to_bits() >> 52) & 0x7ff) as i32;
    let e = (biased - 1023).max(emin);
    let ulp = 2f64.powi(e - (p - 1));
    let q = (a / ulp).round_ties_even() * ulp;
    if q > max {
        return overflow.copysign(v as f32);
    }
    (q as f32).copysign(v as f32)
}

impl ConstValue {
    /// The zero of a scalar type.
    pub fn zero(s: Scalar) -> ConstValue {
        ConstValue::from_f64(s, 0.0)
    }

    /// A scalar of type `s` from an f64 (integers truncate toward zero, as conversions do).
    pub fn from_f64(s: Scalar, v: f64) -> ConstValue {
        match s {
            Scalar::Bool => ConstValue::Bool(v != 0.0),
            Scalar::I8 => ConstValue::I8(v as i64 as i8),
            Scalar::I16 => ConstValue::I16(v as i64 as i16),
            Scalar::I32 => ConstValue::I32(f_to_i32(v)),
            Scalar::I64 => ConstValue::I64(v as i64),
            Scalar::U8 => ConstValue::U8(f_to_u64(v) as u8),
            Scalar::U16 => ConstValue::U16(f_to_u64(v) as u16),
            Scalar::U32 => ConstValue::U32(f_to_u64(v) as u32),
            Scalar::U64 => ConstValue::U64(f_to_u64(v)),
            Scalar::F16 => ConstValue::F16(round_to_f16(v as f32)),
            // (Issue 5, helper F) Rounded to the format itself, not through float16 (which
            // has another range and precision): `small_float_round`.
            Scalar::BF16 | Scalar::FE5M2 | Scalar::FE4M3 => {
                ConstValue::F16(small_float_round(s, v))
            }
            Scalar::F32 => ConstValue::F32(v as f32),
            Scalar::F64 => ConstValue::F64(v),
        }
    }

    pub fn scalar_type(&self) -> Option<Scalar> {
        Some(match self {
            ConstValue::Bool(_) => Scalar::Bool,
            ConstValue::I8(_) => Scalar::I8,
            ConstValue::I16(_) => Scalar::I16,
            ConstValue::I32(_) => Scalar::I32,
            ConstValue::I64(_) => Scalar::I64,
            ConstValue::U8(_) => Scalar::U8,
            ConstValue::U16(_) => Scalar::U16,
            ConstValue::U32(_) => Scalar::U32,
            ConstValue::U64(_) => Scalar::U64,
            ConstValue::F16(_) => Scalar::F16,
            ConstValue::F32(_) => Scalar::F32,
            ConstValue::F64(_) => Scalar::F64,
            ConstValue::Composite(_) => return None,
        })
    }

    pub fn is_composite(&self) -> bool {
        matches!(self, ConstValue::Composite(_))
    }

    pub fn components(&self) -> &[ConstValue] {
        match self {
            ConstValue::Composite(v) => v,
            s => std::slice::from_ref(s),
        }
    }

    /// As an f64 (booleans 0/1); composites are not scalars.
    pub fn to_f64(&self) -> Option<f64> {
        Some(match *self {
            ConstValue::Bool(b) => b as u8 as f64,
            ConstValue::I8(v) => v as f64,
            ConstValue::I16(v) => v as f64,
            ConstValue::I32(v) => v as f64,
            ConstValue::I64(v) => v as f64,
            ConstValue::U8(v) => v as f64,
            ConstValue::U16(v) => v as f64,
            ConstValue::U32(v) => v as f64,
            ConstValue::U64(v) => v as f64,
            ConstValue::F16(v) | ConstValue::F32(v) => v as f64,
            ConstValue::F64(v) => v,
            ConstValue::Composite(_) => return None,
        })
    }

    /// As an i64, for integer scalars (array sizes, layout values, case labels).
    pub fn to_i64(&self) -> Option<i64> {
        Some(match *self {
            ConstValue::I8(v) => v as i64,
            ConstValue::I16(v) => v as i64,
            ConstValue::I32(v) => v as i64,
            ConstValue::I64(v) => v,
            ConstValue::U8(v) => v as i64,
            ConstValue::U16(v) => v as i64,
            ConstValue::U32(v) => v as i64,
            ConstValue::U64(v) => v as i64,
            _ => return None,
        })
    }

    /// The bit pattern of an integer scalar, widened to 64 bits (sign-extended for signed).
    fn int_bits(&self) -> Option<u64> {
        self.to_i64().map(|v| v as u64)
    }

    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            ConstValue::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// Converts a scalar (or each component) to scalar type `to`, with GLSL's conversion
    /// rules (float to int truncates; bool is 0/1; int to uint keeps the bits).
    pub fn convert(&self, to: Scalar) -> ConstValue {
        if let ConstValue::Composite(v) = self {
            return ConstValue::Composite(v.iter().map(|c| c.convert(to)).collect());
        }
        let from = self.scalar_type().unwrap_or(Scalar::F32);
        if from == to {
            return self.clone();
        }
        if to == Scalar::Bool {
            return ConstValue::Bool(self.to_f64().is_some_and(|v| v != 0.0));
        }
        if from.is_int() && to.is_int() {
            let bits = self.int_bits().unwrap_or(0);
            return match to {
                Scalar::I8 => ConstValue::I8(bits as i8),
                Scalar::I16 => ConstValue::I16(bits as i16),
                Scalar::I32 => ConstValue::I32(bits as i32),
                Scalar::I64 => ConstValue::I64(bits as i64),
                Scalar::U8 => ConstValue::U8(bits as u8),
                Scalar::U16 => ConstValue::U16(bits as u16),
                Scalar::U32 => ConstValue::U32(bits as u32),
                _ => ConstValue::U64(bits),
            };
        }
        ConstValue::from_f64(to, self.to_f64().unwrap_or(0.0))
    }
}

fn f_to_i32(v: f64) -> i32 {
    if v.is_nan() {
        0
    } else {
        v.trunc().clamp(i32::MIN as f64, i32::MAX as f64) as i32
    }
}

fn f_to_u64(v: f64) -> u64 {
    if v.is_nan() {
        0
    } else if v < 0.0 {
        // GLSL leaves negative float -> uint undefined; most hardware converts through int.
        (v.trunc() as i64) as u64
    } else {
        v.trunc() as u64
    }
}

/// Why a constant operation could not be done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    DivisionByZero,
    /// Not a constant operation (the caller leaves the expression non-constant).
    NotConstant,
}

/// Applies a binary operator to two scalars of the same type.
pub fn binary_scalar(
    op: fresnel_syntax::ast::BinaryOp,
    a: &ConstValue,
    b: &ConstValue,
) -> Result<ConstValue, EvalError> {
    use fresnel_syntax::ast::BinaryOp::*;
    use ConstValue as C;
    macro_rules! int_ops {
        ($x:expr, $y:expr, $ctor:path, $uty:ty) => {{
            let (x, y) = ($x, $y);
            match op {
                Add => $ctor(x.wrapping_add(y)),
                Sub => $ctor(x.wrapping_sub(y)),
                Mul => $ctor(x.wrapping_mul(y)),
                Div => {
                    if y == 0 {
                        return Err(EvalError::DivisionByZero);
                    }
                    $ctor(x.wrapping_div(y))
                }
                Mod => {
                    if y == 0 {
                        return Err(EvalError::DivisionByZero);
                    }
                    $ctor(x.wrapping_rem(y))
                }
                Shl => $ctor(x.wrapping_shl(y as u32)),
                Shr => $ctor(x.wrapping_shr(y as u32)),
                BitAnd => $ctor(x & y),
                BitOr => $ctor(x | y),
                BitXor => $ctor(x ^ y),
                Lt => C::Bool(x < y),
                Gt => C::Bool(x > y),
                Le => C::Bool(x <= y),
                Ge => C::Bool(x >= y),
                Eq => C::Bool(x == y),
                Ne => C::Bool(x != y),
                _ => return Err(EvalError::NotConstant),
            }
        }};
    }
    macro_rules! float_ops {
        ($x:expr, $y:expr, $ctor:expr) => {{
            let (x, y) = ($x, $y);
            match op {
                Add => $ctor(x + y),
                Sub => $ctor(x - y),
                Mul => $ctor(x * y),
                Div => $ctor(x / y),
                Mod => return Err(EvalError::NotConstant),
                Lt => C::Bool(x < y),
                Gt => C::Bool(x > y),
                Le => C::Bool(x <= y),
                Ge => C::Bool(x >= y),
                Eq => C::Bool(x == y),
                Ne => C::Bool(x != y),
                _ => return Err(EvalError::NotConstant),
            }
        }};
    }
    Ok(match (a, b) {
        (C::Bool(x), C::Bool(y)) => match op {
            LogicalAnd => C::Bool(*x && *y),
            LogicalOr => C::Bool(*x || *y),
            LogicalXor => C::Bool(*x != *y),
            Eq => C::Bool(x == y),
            Ne => C::Bool(x != y),
            _ => return Err(EvalError::NotConstant),
        },
        (C::I32(x), C::I32(y)) => int_ops!(*x, *y, C::I32, u32),
        (C::U32(x), C::U32(y)) => int_ops!(*x, *y, C::U32, u32),
        (C::I64(x), C::I64(y)) => int_ops!(*x, *y, C::I64, u64),
        (C::U64(x), C::U64(y)) => int_ops!(*x, *y, C::U64, u64),
        (C::I16(x), C::I16(y)) => int_ops!(*x, *y, C::I16, u16),
        (C::U16(x), C::U16(y)) => int_ops!(*x, *y, C::U16, u16),
        (C::I8(x), C::I8(y)) => int_ops!(*x, *y, C::I8, u8),
        (C::U8(x), C::U8(y)) => int_ops!(*x, *y, C::U8, u8),
        (C::F32(x), C::F32(y)) => float_ops!(*x, *y, C::F32),
        (C::F64(x), C::F64(y)) => float_ops!(*x, *y, C::F64),
        (C::F16(x), C::F16(y)) => float_ops!(*x, *y, |v: f32| C::F16(round_to_f16(v))),
        // Shifts may mix signedness and size: the result has the left operand's type.
        (l, r) if matches!(op, Shl | Shr) && l.to_i64().is_some() && r.to_i64().is_some() => {
            let lt = l.scalar_type().unwrap_or(Scalar::I32);
            return binary_scalar(op, l, &r.convert(lt));
        }
        _ => return Err(EvalError::NotConstant),
    })
}

/// Applies a unary operator to a scalar.
pub fn unary_scalar(
    op: fresnel_syntax::ast::UnaryOp,
    a: &ConstValue,
) -> Result<ConstValue, EvalError> {
    use fresnel_syntax::ast::UnaryOp::*;
    use ConstValue as C;
    Ok(match (op, a) {
        (Plus, v) => v.clone(),
        (Neg, C::I32(x)) => C::I32(x.wrapping_neg()),
        (Neg, C::U32(x)) => C::U32(x.wrapping_neg()),
        (Neg, C::I64(x)) => C::I64(x.wrapping_neg()),
        (Neg, C::U64(x)) => C::U64(x.wrapping_neg()),
        (Neg, C::I16(x)) => C::I16(x.wrapping_neg()),
        (Neg, C::U16(x)) => C::U16(x.wrapping_neg()),
        (Neg, C::I8(x)) => C::I8(x.wrapping_neg()),
        (Neg, C::U8(x)) => C::U8(x.wrapping_neg()),
        (Neg, C::F32(x)) => C::F32(-x),
        (Neg, C::F64(x)) => C::F64(-x),
        (Neg, C::F16(x)) => C::F16(-x),
        (Not, C::Bool(b)) => C::Bool(!b),
        (BitNot, C::I32(x)) => C::I32(!x),
        (BitNot, C::U32(x)) => C::U32(!x),
        (BitNot, C::I64(x)) => C::I64(!x),
        (BitNot, C::U64(x)) => C::U64(!x),
        (BitNot, C::I16(x)) => C::I16(!x),
        (BitNot, C::U16(x)) => C::U16(!x),
        (BitNot, C::I8(x)) => C::I8(!x),
        (BitNot, C::U8(x)) => C::U8(!x),
        _ => return Err(EvalError::NotConstant),
    })
}

/// Applies a unary operator component-wise.
pub fn unary(op: fresnel_syntax::ast::UnaryOp, a: &ConstValue) -> Result<ConstValue, EvalError> {
    match a {
        ConstValue::Composite(v) => Ok(ConstValue::Composite(
            v.iter().map(|c| unary(op, c)).collect::<Result<_, _>>()?,
        )),
        s => unary_scalar(op, s),
    }
}

/// Applies a component-wise binary operator, broadcasting a scalar against a composite.
pub fn componentwise(
    op: fresnel_syntax::ast::BinaryOp,
    a: &ConstValue,
    b: &ConstValue,
) -> Result<ConstValue, EvalError> {
    match (a, b) {
        (ConstValue::Composite(x), ConstValue::Composite(y)) => {
            if x.len() != y.len() {
                return Err(EvalError::NotConstant);
            }
            Ok(ConstValue::Composite(
                x.iter()
                    .zip(y)
                    .map(|(p, q)| componentwise(op, p, q))
                    .collect::<Result<_, _>>()?,
            ))
        }
        (ConstValue::Composite(x), s) => Ok(ConstValue::Composite(
            x.iter()
                .map(|p| componentwise(op, p, s))
                .collect::<Result<_, _>>()?,
        )),
        (s, ConstValue::Composite(y)) => Ok(ConstValue::Composite(
            y.iter()
                .map(|q| componentwise(op, s, q))
                .collect::<Result<_, _>>()?,
        )),
        (x, y) => binary_scalar(op, x, y),
    }
}

/// Whole-value equality as `==` on composites means (all components equal).
pub fn equal(a: &ConstValue, b: &ConstValue) -> bool {
    match (a, b) {
        (ConstValue::Composite(x), ConstValue::Composite(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| equal(p, q))
        }
        (x, y) => matches!(
            binary_scalar(fresnel_syntax::ast::BinaryOp::Eq, x, y),
            Ok(ConstValue::Bool(true))
        ),
    }
}

/// Matrix (columns of rows) times matrix.
pub fn mat_mul(a: &[Vec<f64>], b: &[Vec<f64>]) -> Vec<Vec<f64>> {
    // a: cols_a columns of rows_a; b: cols_b columns of rows_b (= cols_a).
    let rows = a.first().map_or(0, |c| c.len());
    b.iter()
        .map(|bcol| {
            (0..rows)
                .map(|r| a.iter().zip(bcol).map(|(acol, bv)| acol[r] * bv).sum())
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use fresnel_syntax::ast::BinaryOp;

    #[test]
    fn integer_arithmetic_wraps() {
        let r = binary_scalar(
            BinaryOp::Add,
            &ConstValue::I32(i32::MAX),
            &ConstValue::I32(1),
        )
        .unwrap();
        assert_eq!(r, ConstValue::I32(i32::MIN));
        let r = binary_scalar(
            BinaryOp::Div,
            &ConstValue::I32(i32::MIN),
            &ConstValue::I32(-1),
        )
        .unwrap();
        assert_eq!(r, ConstValue::I32(i32::MIN));
        assert_eq!(
            binary_scalar(BinaryOp::Div, &ConstValue::I32(1), &ConstValue::I32(0)),
            Err(EvalError::DivisionByZero)
        );
        let r = binary_scalar(BinaryOp::Sub, &ConstValue::U32(0), &ConstValue::U32(1)).unwrap();
        assert_eq!(r, ConstValue::U32(u32::MAX));
    }

    #[test]
    fn conversions() {
        assert_eq!(
            ConstValue::F32(-2.7).convert(Scalar::I32),
            ConstValue::I32(-2)
        );
        assert_eq!(
            ConstValue::I32(-1).convert(Scalar::U32),
            ConstValue::U32(u32::MAX)
        );
        assert_eq!(
            ConstValue::Bool(true).convert(Scalar::F32),
            ConstValue::F32(1.0)
        );
        assert_eq!(
            ConstValue::F32(0.5).convert(Scalar::Bool),
            ConstValue::Bool(true)
        );
        assert_eq!(round_to_f16(1.0 / 3.0), 0.333_251_95);
        assert_eq!(round_to_f16(70000.0), f32::INFINITY);
        // The f16 spacing from the exponent bits: 0.5 in [512, 1024), 2^-24 among the
        // subnormals, ties to even.
        assert_eq!(round_to_f16(1023.7), 1023.5);
        assert_eq!(round_to_f16(1023.9), 1024.0);
        assert_eq!(round_to_f16(-513.25), -513.0);
        assert_eq!(round_to_f16(1.0e-7), 2.0 * 2f32.powi(-24));
        assert_eq!(round_to_f16(65519.0), 65504.0);
        // (Issue 5, helper F) The small float formats round in their own precision and
        // range.
        assert_eq!(small_float_round(Scalar::BF16, 100000.0), 99840.0);
        assert_eq!(small_float_round(Scalar::BF16, 1.003_906_25), 1.0);
        assert_eq!(small_float_round(Scalar::BF16, 1.011_718_75), 1.015_625);
        assert_eq!(small_float_round(Scalar::BF16, 1e39), f32::INFINITY);
        assert_eq!(small_float_round(Scalar::FE4M3, 1.1), 1.125);
        assert_eq!(small_float_round(Scalar::FE4M3, -448.0), -448.0);
        assert!(small_float_round(Scalar::FE4M3, 500.0).is_nan());
        assert_eq!(
            small_float_round(Scalar::FE4M3, 2f64.powi(-9)),
            2f32.powi(-9)
        );
        assert_eq!(small_float_round(Scalar::FE4M3, 2f64.powi(-11)), 0.0);
        assert_eq!(small_float_round(Scalar::FE5M2, 60000.0), 57344.0);
        assert_eq!(small_float_round(Scalar::FE5M2, 65536.0), f32::INFINITY);
        assert_eq!(small_float_round(Scalar::FE5M2, 1.2), 1.25);
    }

    #[test]
    fn broadcasting() {
        let v = ConstValue::Composite(vec![ConstValue::F32(1.0), ConstValue::F32(2.0)]);
        let r = componentwise(BinaryOp::Mul, &v, &ConstValue::F32(3.0)).unwrap();
        assert_eq!(
            r,
            ConstValue::Composite(vec![ConstValue::F32(3.0), ConstValue::F32(6.0)])
        );
    }
}
