//! Packing and unpacking (GLSL 8.4 and the explicit-width extensions). The normalized and
//! half-float forms are ALU operations; `packDouble2x32`, `packUint2x32`, `pack64(uvec2)`
//! and their inverses are `pack_64_2x32` / `unpack_64_2x32`; the other integer forms
//! (`pack32(u8vec4)`, `unpack16`, `packFloat2x16`, ...) are shifts and masks, lowest
//! component in the lowest bits.

use fresnel_ir::{AluOp, ValueId};
use fresnel_sema::types::TypeId as HirTypeId;

use super::{value, BuiltinCx, Lowered};
use crate::Arg;

fn fixed_op(name: &str) -> Option<AluOp> {
    Some(match name {
        "packUnorm2x16" => AluOp::PackUnorm2x16,
        "packSnorm2x16" => AluOp::PackSnorm2x16,
        "packUnorm4x8" => AluOp::PackUnorm4x8,
        "packSnorm4x8" => AluOp::PackSnorm4x8,
        "packHalf2x16" => AluOp::PackHalf2x16,
        "unpackUnorm2x16" => AluOp::UnpackUnorm2x16,
        "unpackSnorm2x16" => AluOp::UnpackSnorm2x16,
        "unpackUnorm4x8" => AluOp::UnpackUnorm4x8,
        "unpackSnorm4x8" => AluOp::UnpackSnorm4x8,
        "unpackHalf2x16" => AluOp::UnpackHalf2x16,
        _ => return None,
    })
}

const GENERIC: &[&str] = &[
    "packDouble2x32",
    "unpackDouble2x32",
    "packInt2x32",
    "packUint2x32",
    "unpackInt2x32",
    "unpackUint2x32",
    "packFloat2x16",
    "unpackFloat2x16",
    "packInt2x16",
    "packUint2x16",
    "packInt4x16",
    "packUint4x16",
    "unpackInt2x16",
    "unpackUint2x16",
    "unpackInt4x16",
    "unpackUint4x16",
    "pack16",
    "pack32",
    "pack64",
    "unpack8",
    "unpack16",
    "unpack32",
];

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    ret: HirTypeId,
) -> Option<Lowered> {
    if let Some(op) = fixed_op(name) {
        return Some(cx.val(args, 0).and_then(|x| {
            // The normalized/half forms work on 32-bit words and floats.
            value(cx.b.alu(op, &[x]))
        }));
    }
    if !GENERIC.contains(&name) {
        return None;
    }
    Some(generic(cx, args, ret))
}

/// Packs the components of `v` into one value (component 0 in the low bits).
pub(crate) fn pack(cx: &mut BuiltinCx<'_, '_>, v: ValueId) -> ValueId {
    let n = cx.b.num_components(v);
    let b = cx.b.bit_size(v);
    let total = b * n;
    if b == 32 && n == 2 {
        return cx.b.alu(AluOp::Pack64_2x32, &[v]);
    }
    let comps = cx.comps(v);
    let mut acc = cx.conv(AluOp::U2u, total, comps[0]);
    for (i, c) in comps.iter().enumerate().skip(1) {
        let w = cx.conv(AluOp::U2u, total, *c);
        let sh = cx.iconst(i64::from(b) * i as i64, 32);
        let w = cx.op2(AluOp::Ishl, w, sh);
        acc = cx.op2(AluOp::Ior, acc, w);
    }
    acc
}

/// Splits `v` into `n` components of equal size (component 0 from the low bits).
pub(crate) fn unpack(cx: &mut BuiltinCx<'_, '_>, v: ValueId, n: u8) -> ValueId {
    let total = cx.b.bit_size(v);
    let b = total / n.max(1);
    if total == 64 && n == 2 {
        return cx.b.alu(AluOp::Unpack64_2x32, &[v]);
    }
    let mut out = Vec::with_capacity(usize::from(n));
    for i in 0..n {
        let sh = cx.iconst(i64::from(b) * i64::from(i), 32);
        let x = cx.op2(AluOp::Ushr, v, sh);
        out.push(cx.conv(AluOp::U2u, b, x));
    }
    cx.b.vec(&out)
}

fn generic(cx: &mut BuiltinCx<'_, '_>, args: &[Arg], ret: HirTypeId) -> Lowered {
    let x = cx.val(args, 0)?;
    let rs = cx.shape(ret)?;
    let r = if rs.n > 1 {
        unpack(cx, x, rs.n)
    } else {
        pack(cx, x)
    };
    if cx.b.bit_size(r) != rs.bits || cx.b.num_components(r) != rs.n {
        return Err(cx.err("packing between types of different sizes"));
    }
    value(r)
}
