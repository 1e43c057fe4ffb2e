//! Integer functions (GLSL 8.8) with exact wrap-around semantics, plus
//! GL_INTEL_shader_integer_functions2 and the GL_EXT_integer_dot_product dot products.

use fresnel_ir::AluOp;
use fresnel_sema::types::TypeId as HirTypeId;

use super::{value, BuiltinCx, Lowered, Shape};
use crate::Arg;
use fresnel_ir::ValueId;

const NAMES: &[&str] = &[
    "uaddCarry",
    "usubBorrow",
    "umulExtended",
    "imulExtended",
    "bitfieldExtract",
    "bitfieldInsert",
    "bitfieldReverse",
    "bitCount",
    "findLSB",
    "findMSB",
    "countLeadingZeros",
    "countTrailingZeros",
    "absoluteDifference",
    "addSaturate",
    "subtractSaturate",
    "average",
    "averageRounded",
    "multiply32x16",
    "dotEXT",
    "dotAccSatEXT",
    "dotPacked4x8EXT",
    "dotPacked4x8AccSatEXT",
];

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    ret: HirTypeId,
) -> Option<Lowered> {
    if !NAMES.contains(&name) {
        return None;
    }
    Some(lower_known(cx, name, args, ret))
}

/// The largest value of a type (`bits` wide, signed or not).
fn max_of(bits: u8, signed: bool) -> i64 {
    let m = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    (if signed { m >> 1 } else { m }) as i64
}

/// The smallest value of a signed type, as a bit pattern.
fn min_of(bits: u8) -> i64 {
    1i64 << (bits.min(64) - 1)
}

/// `a + b` saturated to the range of the type.
fn add_sat(cx: &mut BuiltinCx<'_, '_>, a: ValueId, b: ValueId, s: Shape) -> ValueId {
    let sum = cx.op2(AluOp::Iadd, a, b);
    if s.is_signed() {
        // Overflow when both operands' signs differ from the sum's.
        let xa = cx.op2(AluOp::Ixor, a, sum);
        let xb = cx.op2(AluOp::Ixor, b, sum);
        let both = cx.op2(AluOp::Iand, xa, xb);
        let zero = cx.iconst(0, s.bits);
        let ov = cx.op2(AluOp::Ilt, both, zero);
        let neg = cx.op2(AluOp::Ilt, a, zero);
        let lo = cx.iconst(min_of(s.bits), s.bits);
        let hi = cx.iconst(max_of(s.bits, true), s.bits);
        let sat = cx.op3(AluOp::Bcsel, neg, lo, hi);
        cx.op3(AluOp::Bcsel, ov, sat, sum)
    } else {
        let ov = cx.op2(AluOp::Ult, sum, a);
        let hi = cx.iconst(-1, s.bits);
        cx.op3(AluOp::Bcsel, ov, hi, sum)
    }
}

/// The components of `v` converted to `bits` bits (sign- or zero-extended).
fn widen(cx: &mut BuiltinCx<'_, '_>, v: ValueId, signed: bool, bits: u8) -> ValueId {
    cx.conv(if signed { AluOp::I2i } else { AluOp::U2u }, bits, v)
}

/// The dot product of two integer vectors in `bits` bits (wrapping).
fn int_dot(
    cx: &mut BuiltinCx<'_, '_>,
    a: (ValueId, bool),
    b: (ValueId, bool),
    bits: u8,
) -> ValueId {
    let wa = widen(cx, a.0, a.1, bits);
    let wb = widen(cx, b.0, b.1, bits);
    let p = cx.op2(AluOp::Imul, wa, wb);
    cx.sum(p, false)
}

/// The four bytes of a 32-bit word as a 4-component vector of `bits`-bit integers.
fn bytes(cx: &mut BuiltinCx<'_, '_>, v: ValueId, signed: bool, bits: u8) -> ValueId {
    let mut out = Vec::with_capacity(4);
    for i in 0..4 {
        let sh = cx.iconst(8 * i, 32);
        let x = cx.op2(AluOp::Ushr, v, sh);
        let x = cx.conv(AluOp::U2u, 8, x);
        out.push(widen(cx, x, signed, bits));
    }
    cx.b.vec(&out)
}

fn lower_known(cx: &mut BuiltinCx<'_, '_>, name: &str, args: &[Arg], ret: HirTypeId) -> Lowered {
    let s = cx.arg_shape(args, 0)?;
    let x = cx.val(args, 0)?;
    let bits = s.bits;
    match name {
        "uaddCarry" | "usubBorrow" => {
            let y = cx.val(args, 1)?;
            let out = cx.deref(args, 2)?;
            let (op, flag) = if name == "uaddCarry" {
                (AluOp::Iadd, AluOp::UaddCarry)
            } else {
                (AluOp::Isub, AluOp::UsubBorrow)
            };
            let r = cx.op2(op, x, y);
            let c = cx.op2(flag, x, y);
            cx.store_out(out, c);
            value(r)
        }
        "umulExtended" | "imulExtended" => {
            let y = cx.val(args, 1)?;
            let msb = cx.deref(args, 2)?;
            let lsb = cx.deref(args, 3)?;
            let high = if name == "umulExtended" {
                AluOp::UmulHigh
            } else {
                AluOp::ImulHigh
            };
            let h = cx.op2(high, x, y);
            let l = cx.op2(AluOp::Imul, x, y);
            cx.store_out(msb, h);
            cx.store_out(lsb, l);
            Ok(None)
        }
        "bitfieldExtract" => {
            let off = cx.val(args, 1)?;
            let cnt = cx.val(args, 2)?;
            let off = cx.conv(AluOp::I2i, 32, off);
            let cnt = cx.conv(AluOp::I2i, 32, cnt);
            let op = if s.is_signed() {
                AluOp::IbitfieldExtract
            } else {
                AluOp::UbitfieldExtract
            };
            value(cx.op3(op, x, off, cnt))
        }
        "bitfieldInsert" => {
            let ins = cx.val(args, 1)?;
            let off = cx.val(args, 2)?;
            let cnt = cx.val(args, 3)?;
            let off = cx.conv(AluOp::I2i, 32, off);
            let cnt = cx.conv(AluOp::I2i, 32, cnt);
            value(cx.op(AluOp::BitfieldInsert, &[x, ins, off, cnt]))
        }
        "bitfieldReverse" => value(cx.op1(AluOp::BitfieldReverse, x)),
        "bitCount" | "findLSB" | "findMSB" => {
            let op = match name {
                "bitCount" => AluOp::BitCount,
                "findLSB" => AluOp::FindLsb,
                _ if s.is_signed() => AluOp::IfindMsb,
                _ => AluOp::UfindMsb,
            };
            let r = cx.conv(op, 32, x);
            let rs = cx.shape(ret)?;
            value(cx.conv(AluOp::I2i, rs.bits, r))
        }
        "countLeadingZeros" => {
            let m = cx.conv(AluOp::UfindMsb, 32, x);
            let k = cx.iconst(i64::from(bits) - 1, 32);
            let r = cx.op2(AluOp::Isub, k, m);
            value(cx.conv(AluOp::U2u, bits, r))
        }
        "countTrailingZeros" => {
            // find_lsb(0) is -1: the unsigned minimum with the bit size gives the count.
            let l = cx.conv(AluOp::FindLsb, 32, x);
            let k = cx.iconst(i64::from(bits), 32);
            let r = cx.op2(AluOp::Umin, l, k);
            value(cx.conv(AluOp::U2u, bits, r))
        }
        "absoluteDifference" => {
            let y = cx.val(args, 1)?;
            let lt = if s.is_signed() {
                AluOp::Ilt
            } else {
                AluOp::Ult
            };
            let less = cx.op2(lt, x, y);
            let d1 = cx.op2(AluOp::Isub, y, x);
            let d2 = cx.op2(AluOp::Isub, x, y);
            value(cx.op3(AluOp::Bcsel, less, d1, d2))
        }
        "addSaturate" => {
            let y = cx.val(args, 1)?;
            value(add_sat(cx, x, y, s))
        }
        "subtractSaturate" => {
            let y = cx.val(args, 1)?;
            let diff = cx.op2(AluOp::Isub, x, y);
            if s.is_signed() {
                let xy = cx.op2(AluOp::Ixor, x, y);
                let xd = cx.op2(AluOp::Ixor, x, diff);
                let both = cx.op2(AluOp::Iand, xy, xd);
                let zero = cx.iconst(0, bits);
                let ov = cx.op2(AluOp::Ilt, both, zero);
                let neg = cx.op2(AluOp::Ilt, x, zero);
                let lo = cx.iconst(min_of(bits), bits);
                let hi = cx.iconst(max_of(bits, true), bits);
                let sat = cx.op3(AluOp::Bcsel, neg, lo, hi);
                value(cx.op3(AluOp::Bcsel, ov, sat, diff))
            } else {
                let under = cx.op2(AluOp::Ult, x, y);
                let zero = cx.iconst(0, bits);
                value(cx.op3(AluOp::Bcsel, under, zero, diff))
            }
        }
        "average" | "averageRounded" => {
            // (x >> 1) + (y >> 1) + ((x & y) & 1), or ((x | y) & 1) rounding up.
            let y = cx.val(args, 1)?;
            let shr = if s.is_signed() {
                AluOp::Ishr
            } else {
                AluOp::Ushr
            };
            let one32 = cx.iconst(1, 32);
            let one = cx.iconst(1, bits);
            let hx = cx.op2(shr, x, one32);
            let hy = cx.op2(shr, y, one32);
            let both = cx.op2(
                if name == "average" {
                    AluOp::Iand
                } else {
                    AluOp::Ior
                },
                x,
                y,
            );
            let low = cx.op2(AluOp::Iand, both, one);
            let h = cx.op2(AluOp::Iadd, hx, hy);
            value(cx.op2(AluOp::Iadd, h, low))
        }
        "multiply32x16" => {
            let y = cx.val(args, 1)?;
            let y16 = cx.conv(AluOp::U2u, 16, y);
            let yw = widen(cx, y16, s.is_signed(), bits);
            value(cx.op2(AluOp::Imul, x, yw))
        }
        "dotEXT" | "dotAccSatEXT" => {
            let y = cx.val(args, 1)?;
            let sy = cx.arg_shape(args, 1)?;
            let rs = cx.shape(ret)?;
            let d = int_dot(cx, (x, s.is_signed()), (y, sy.is_signed()), rs.bits);
            if name == "dotEXT" {
                return value(d);
            }
            let c = cx.val(args, 2)?;
            value(add_sat(cx, d, c, rs))
        }
        "dotPacked4x8EXT" | "dotPacked4x8AccSatEXT" => {
            let y = cx.val(args, 1)?;
            let sy = cx.arg_shape(args, 1)?;
            let rs = cx.shape(ret)?;
            let a = bytes(cx, x, s.is_signed(), 32);
            let b = bytes(cx, y, sy.is_signed(), 32);
            let d = int_dot(cx, (a, true), (b, true), 32);
            if name == "dotPacked4x8EXT" {
                return value(d);
            }
            let c = cx.val(args, 2)?;
            value(add_sat(cx, d, c, rs))
        }
        _ => Err(cx.unsupported(name)),
    }
}
