//! Vector relational functions (GLSL 8.7): comparisons of every scalar type (1-bit
//! results), `any`, `all`, `not`.

use fresnel_ir::AluOp;
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
        "lessThan"
            | "lessThanEqual"
            | "greaterThan"
            | "greaterThanEqual"
            | "equal"
            | "notEqual"
            | "any"
            | "all"
            | "not"
    ) {
        return None;
    }
    Some(lower_known(cx, name, args))
}

fn lower_known(cx: &mut BuiltinCx<'_, '_>, name: &str, args: &[Arg]) -> Lowered {
    let x = cx.val(args, 0)?;
    let n = cx.b.num_components(x);
    match name {
        "any" | "all" => {
            let op = match (name, n) {
                ("any", 2) => AluOp::Bany2,
                ("any", 3) => AluOp::Bany3,
                ("any", 4) => AluOp::Bany4,
                ("all", 2) => AluOp::Ball2,
                ("all", 3) => AluOp::Ball3,
                ("all", 4) => AluOp::Ball4,
                _ => return value(x),
            };
            return value(cx.op1(op, x));
        }
        "not" => return value(cx.op1(AluOp::Inot, x)),
        _ => {}
    }
    let s = cx.arg_shape(args, 0)?;
    let y = cx.val(args, 1)?;
    let (lt, ge) = if s.is_float() {
        (AluOp::Flt, AluOp::Fge)
    } else if s.is_signed() {
        (AluOp::Ilt, AluOp::Ige)
    } else {
        (AluOp::Ult, AluOp::Uge)
    };
    let r = match name {
        "lessThan" => cx.op2(lt, x, y),
        // a <= b is b >= a (false when either is NaN, as the specification requires).
        "lessThanEqual" => cx.op2(ge, y, x),
        "greaterThan" => cx.op2(lt, y, x),
        "greaterThanEqual" => cx.op2(ge, x, y),
        "equal" if s.is_float() => cx.op2(AluOp::Feq, x, y),
        "equal" => cx.op2(AluOp::Ieq, x, y),
        "notEqual" if s.is_float() => cx.op2(AluOp::Fneu, x, y),
        "notEqual" => cx.op2(AluOp::Ine, x, y),
        _ => return Err(cx.unsupported(name)),
    };
    value(r)
}
