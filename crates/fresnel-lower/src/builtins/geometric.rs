//! Geometric functions (GLSL 8.5), with the formulas of the specification (and Mesa):
//! `length(x) = sqrt(dot(x, x))`, `normalize(x) = x * inversesqrt(dot(x, x))` (the sign for
//! scalars), `reflect(I, N) = I - 2 dot(N, I) N`, `refract` as specified (zero when
//! `k < 0`), `faceforward(N, I, Nref) = dot(Nref, I) < 0 ? N : -N`. `ftransform` is in
//! [`super::misc`].

use fresnel_ir::{AluOp, AluSrc, ValueId};
use fresnel_sema::types::TypeId as HirTypeId;

use super::{value, BuiltinCx, Lowered};
use crate::Arg;

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    _ret: HirTypeId,
) -> Option<Lowered> {
    if !matches!(
        name,
        "length"
            | "distance"
            | "dot"
            | "cross"
            | "normalize"
            | "faceforward"
            | "reflect"
            | "refract"
    ) {
        return None;
    }
    Some(lower_known(cx, name, args))
}

fn length(cx: &mut BuiltinCx<'_, '_>, x: ValueId) -> ValueId {
    if cx.b.num_components(x) == 1 {
        return cx.op1(AluOp::Fabs, x);
    }
    let d = cx.dot(x, x);
    cx.op1(AluOp::Fsqrt, d)
}

fn lower_known(cx: &mut BuiltinCx<'_, '_>, name: &str, args: &[Arg]) -> Lowered {
    let x = cx.val(args, 0)?;
    let bits = cx.b.bit_size(x);
    match name {
        "length" => value(length(cx, x)),
        "distance" => {
            let y = cx.val(args, 1)?;
            let d = cx.op2(AluOp::Fsub, x, y);
            value(length(cx, d))
        }
        "dot" => {
            let y = cx.val(args, 1)?;
            value(cx.dot(x, y))
        }
        "cross" => {
            // x.yzx * y.zxy - x.zxy * y.yzx
            let y = cx.val(args, 1)?;
            let yzx = [1, 2, 0, 0];
            let zxy = [2, 0, 1, 0];
            let a = cx.b.alu_n(
                AluOp::Fmul,
                3,
                &[AluSrc::swizzled(x, yzx), AluSrc::swizzled(y, zxy)],
            );
            let b = cx.b.alu_n(
                AluOp::Fmul,
                3,
                &[AluSrc::swizzled(x, zxy), AluSrc::swizzled(y, yzx)],
            );
            value(cx.op2(AluOp::Fsub, a, b))
        }
        "normalize" => {
            if cx.b.num_components(x) == 1 {
                return value(cx.op1(AluOp::Fsign, x));
            }
            let d = cx.dot(x, x);
            let r = cx.op1(AluOp::Frsq, d);
            value(cx.op2(AluOp::Fmul, x, r))
        }
        "faceforward" => {
            let i = cx.val(args, 1)?;
            let nref = cx.val(args, 2)?;
            let d = cx.dot(nref, i);
            let zero = cx.fconst(0.0, bits);
            let lt = cx.op2(AluOp::Flt, d, zero);
            let neg = cx.op1(AluOp::Fneg, x);
            value(cx.op3(AluOp::Bcsel, lt, x, neg))
        }
        "reflect" => {
            // I - 2 * dot(N, I) * N
            let n = cx.val(args, 1)?;
            let d = cx.dot(n, x);
            let two = cx.fconst(2.0, bits);
            let d2 = cx.op2(AluOp::Fmul, two, d);
            let t = cx.op2(AluOp::Fmul, d2, n);
            value(cx.op2(AluOp::Fsub, x, t))
        }
        "refract" => {
            // k = 1 - eta^2 (1 - dot(N, I)^2)
            // k < 0 ? 0 : eta I - (eta dot(N, I) + sqrt(k)) N
            let n = cx.val(args, 1)?;
            let eta = cx.val(args, 2)?;
            let eta = cx.conv(AluOp::F2f, bits, eta);
            let d = cx.dot(n, x);
            let one = cx.fconst(1.0, bits);
            let zero = cx.fconst(0.0, bits);
            let dd = cx.op2(AluOp::Fmul, d, d);
            let one_dd = cx.op2(AluOp::Fsub, one, dd);
            let ee = cx.op2(AluOp::Fmul, eta, eta);
            let t = cx.op2(AluOp::Fmul, ee, one_dd);
            let k = cx.op2(AluOp::Fsub, one, t);
            let ed = cx.op2(AluOp::Fmul, eta, d);
            let sk = cx.op1(AluOp::Fsqrt, k);
            let f = cx.op2(AluOp::Fadd, ed, sk);
            let fnn = cx.op2(AluOp::Fmul, f, n);
            let ei = cx.op2(AluOp::Fmul, eta, x);
            let r = cx.op2(AluOp::Fsub, ei, fnn);
            let neg = cx.op2(AluOp::Flt, k, zero);
            value(cx.op3(AluOp::Bcsel, neg, zero, r))
        }
        _ => Err(cx.unsupported(name)),
    }
}
