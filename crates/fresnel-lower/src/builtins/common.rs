//! Common functions (GLSL 8.3): `abs` ... `ldexp`, the bit casts of every width, and the
//! three-operand minimum/maximum/median of GL_AMD_shader_trinary_minmax.

use fresnel_ir::AluOp;
use fresnel_sema::types::TypeId as HirTypeId;

use super::{value, BuiltinCx, Lowered, Shape};
use crate::Arg;

const NAMES: &[&str] = &[
    "abs",
    "sign",
    "floor",
    "ceil",
    "trunc",
    "truncate",
    "round",
    "roundEven",
    "fract",
    "mod",
    "modf",
    "min",
    "max",
    "clamp",
    "mix",
    "step",
    "smoothstep",
    "isnan",
    "isinf",
    "fma",
    "frexp",
    "ldexp",
    "min3",
    "max3",
    "mid3",
];

/// Whether a name is a bit cast between a float type and the integer type of its size
/// (`floatBitsToInt`, `uint64BitsToDouble`, `halfBitsToUint16`, `bfloat16BitsToIntEXT`, ...).
fn is_bit_cast(name: &str) -> bool {
    let n = name.strip_suffix("EXT").unwrap_or(name);
    n.contains("BitsTo")
        && [
            "float",
            "int",
            "uint",
            "double",
            "half",
            "bfloat16",
            "floate5m2",
            "floate4m3",
        ]
        .iter()
        .any(|p| n.starts_with(p))
}

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    ret: HirTypeId,
) -> Option<Lowered> {
    if is_bit_cast(name) {
        return Some(bit_cast(cx, name, args, ret));
    }
    if !NAMES.contains(&name) {
        return None;
    }
    Some(lower_known(cx, name, args))
}

/// Values are typeless: a bit cast between types of the same size is the value itself.
fn bit_cast(cx: &mut BuiltinCx<'_, '_>, name: &str, args: &[Arg], ret: HirTypeId) -> Lowered {
    let x = cx.val(args, 0)?;
    let to = cx.shape(ret)?;
    if cx.b.bit_size(x) != to.bits {
        return Err(cx.err(format!("`{name}`: the bit sizes of the types differ")));
    }
    value(x)
}

/// The minimum or maximum operation for a scalar type.
pub(crate) fn min_max_op(s: Shape, max: bool) -> AluOp {
    match (s.is_float(), s.is_signed(), max) {
        (true, _, false) => AluOp::Fmin,
        (true, _, true) => AluOp::Fmax,
        (false, true, false) => AluOp::Imin,
        (false, true, true) => AluOp::Imax,
        (false, false, false) => AluOp::Umin,
        (false, false, true) => AluOp::Umax,
    }
}

fn lower_known(cx: &mut BuiltinCx<'_, '_>, name: &str, args: &[Arg]) -> Lowered {
    let s = cx.arg_shape(args, 0)?;
    let x = cx.val(args, 0)?;
    let float1 = |op| -> Option<AluOp> { Some(op) };
    let unary = match name {
        "floor" => float1(AluOp::Ffloor),
        "ceil" => float1(AluOp::Fceil),
        "trunc" | "truncate" => float1(AluOp::Ftrunc),
        // GLSL leaves the direction of halfway cases to the implementation; round to even
        // as Mesa does.
        "round" | "roundEven" => float1(AluOp::FroundEven),
        "fract" => float1(AluOp::Ffract),
        "isnan" => float1(AluOp::Fisnan),
        "isinf" => float1(AluOp::Fisinf),
        "abs" => float1(if s.is_float() {
            AluOp::Fabs
        } else {
            AluOp::Iabs
        }),
        "sign" => float1(if s.is_float() {
            AluOp::Fsign
        } else {
            AluOp::Isign
        }),
        _ => None,
    };
    if let Some(op) = unary {
        return value(cx.op1(op, x));
    }
    match name {
        "mod" => {
            let y = cx.val(args, 1)?;
            value(cx.op2(AluOp::Fmod, x, y))
        }
        "modf" => {
            // The whole part has the sign of x; the fraction is what is left.
            let out = cx.deref(args, 1)?;
            let whole = cx.op1(AluOp::Ftrunc, x);
            let frac = cx.op2(AluOp::Fsub, x, whole);
            cx.store_out(out, whole);
            value(frac)
        }
        "min" | "max" => {
            let y = cx.val(args, 1)?;
            value(cx.op2(min_max_op(s, name == "max"), x, y))
        }
        "clamp" => {
            let lo = cx.val(args, 1)?;
            let hi = cx.val(args, 2)?;
            let m = cx.op2(min_max_op(s, true), x, lo);
            value(cx.op2(min_max_op(s, false), m, hi))
        }
        "min3" | "max3" => {
            let y = cx.val(args, 1)?;
            let z = cx.val(args, 2)?;
            let op = min_max_op(s, name == "max3");
            let m = cx.op2(op, x, y);
            value(cx.op2(op, m, z))
        }
        "mid3" => {
            // max(min(x, y), min(max(x, y), z))
            let y = cx.val(args, 1)?;
            let z = cx.val(args, 2)?;
            let (mn, mx) = (min_max_op(s, false), min_max_op(s, true));
            let a = cx.op2(mn, x, y);
            let b = cx.op2(mx, x, y);
            let c = cx.op2(mn, b, z);
            value(cx.op2(mx, a, c))
        }
        "mix" => {
            let y = cx.val(args, 1)?;
            let a = cx.val(args, 2)?;
            let sel = cx.arg_shape(args, 2)?;
            if sel.is_bool() {
                // Component-wise selection: y where a is true.
                value(cx.op3(AluOp::Bcsel, a, y, x))
            } else {
                value(cx.op3(AluOp::Flrp, x, y, a))
            }
        }
        "step" => {
            let v = cx.val(args, 1)?;
            value(cx.op2(AluOp::Fstep, x, v))
        }
        "smoothstep" => {
            // t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2 * t)
            let e1 = cx.val(args, 1)?;
            let v = cx.val(args, 2)?;
            let bits = cx.b.bit_size(v);
            let num = cx.op2(AluOp::Fsub, v, x);
            let den = cx.op2(AluOp::Fsub, e1, x);
            let q = cx.op2(AluOp::Fdiv, num, den);
            let t = cx.op1(AluOp::Fsat, q);
            let two = cx.fconst(2.0, bits);
            let three = cx.fconst(3.0, bits);
            let two_t = cx.op2(AluOp::Fmul, two, t);
            let poly = cx.op2(AluOp::Fsub, three, two_t);
            let tt = cx.op2(AluOp::Fmul, t, t);
            value(cx.op2(AluOp::Fmul, tt, poly))
        }
        "fma" => {
            let b = cx.val(args, 1)?;
            let c = cx.val(args, 2)?;
            value(cx.op3(AluOp::Ffma, x, b, c))
        }
        "frexp" => {
            let out = cx.deref(args, 1)?;
            let exp_shape = cx.arg_shape(args, 1)?;
            let sig = cx.op1(AluOp::FrexpSig, x);
            let e = cx.conv(AluOp::FrexpExp, 32, x);
            let e = cx.conv(AluOp::I2i, exp_shape.bits, e);
            cx.store_out(out, e);
            value(sig)
        }
        "ldexp" => {
            let e = cx.val(args, 1)?;
            let e = cx.conv(AluOp::I2i, 32, e);
            value(cx.op2(AluOp::Ldexp, x, e))
        }
        _ => Err(cx.unsupported(name)),
    }
}
