//! Angle, trigonometry and exponential functions (GLSL 8.1, 8.2): one ALU operation each
//! (`radians`/`degrees` are a multiplication by a constant).

use fresnel_ir::AluOp;
use fresnel_sema::types::TypeId as HirTypeId;

use super::{value, BuiltinCx, Lowered};
use crate::Arg;

/// The one-source float operation of a built-in name.
fn unary_op(name: &str) -> Option<AluOp> {
    Some(match name {
        "sin" => AluOp::Fsin,
        "cos" => AluOp::Fcos,
        "tan" => AluOp::Ftan,
        "asin" => AluOp::Fasin,
        "acos" => AluOp::Facos,
        "sinh" => AluOp::Fsinh,
        "cosh" => AluOp::Fcosh,
        "tanh" => AluOp::Ftanh,
        "asinh" => AluOp::Fasinh,
        "acosh" => AluOp::Facosh,
        "atanh" => AluOp::Fatanh,
        "exp" => AluOp::Fexp,
        "log" => AluOp::Flog,
        "exp2" => AluOp::Fexp2,
        "log2" => AluOp::Flog2,
        "sqrt" => AluOp::Fsqrt,
        "inversesqrt" => AluOp::Frsq,
        _ => return None,
    })
}

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    _ret: HirTypeId,
) -> Option<Lowered> {
    let known = unary_op(name).is_some() || matches!(name, "radians" | "degrees" | "atan" | "pow");
    if !known {
        return None;
    }
    Some(lower_known(cx, name, args))
}

fn lower_known(cx: &mut BuiltinCx<'_, '_>, name: &str, args: &[Arg]) -> Lowered {
    let x = cx.val(args, 0)?;
    let bits = cx.b.bit_size(x);
    if let Some(op) = unary_op(name) {
        return value(cx.op1(op, x));
    }
    match name {
        "radians" => {
            let k = cx.fconst(std::f64::consts::PI / 180.0, bits);
            value(cx.op2(AluOp::Fmul, x, k))
        }
        "degrees" => {
            let k = cx.fconst(180.0 / std::f64::consts::PI, bits);
            value(cx.op2(AluOp::Fmul, x, k))
        }
        "atan" if args.len() == 2 => {
            let y_over = cx.val(args, 1)?;
            // atan(y, x): the first argument is y.
            value(cx.op2(AluOp::Fatan2, x, y_over))
        }
        "atan" => value(cx.op1(AluOp::Fatan, x)),
        "pow" => {
            let y = cx.val(args, 1)?;
            value(cx.op2(AluOp::Fpow, x, y))
        }
        _ => Err(cx.unsupported(name)),
    }
}
