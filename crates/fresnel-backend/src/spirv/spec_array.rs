//! Array lengths given by specialization constants (issue 5, helper B): the
//! [`SpecExpr`] of an array type ([`fresnel_ir::Types::spec_length`]) written as the
//! `OpSpecConstant` of its `SpecId`, `OpConstant`s and `OpSpecConstantOp`s (the opcodes the
//! SPIR-V specification allows there with the `Shader` capability), as glslang does for
//! `float a[N]` and `shared float t[gl_WorkGroupSize.x]`.

use fresnel_ir::{BaseType, SpecExpr, SpecOp};

use super::spec::{decor, op};
use super::types::Kind;
use super::{Module, Result, SpirvError};

/// `OpSpecConstantOp`.
const SPEC_CONSTANT_OP: u16 = 52;

/// The opcode an `OpSpecConstantOp` performs for `op`.
fn opcode(op: SpecOp) -> u32 {
    u32::from(match op {
        SpecOp::SNegate => op::S_NEGATE,
        SpecOp::Not => op::NOT,
        SpecOp::IAdd => op::I_ADD,
        SpecOp::ISub => op::I_SUB,
        SpecOp::IMul => op::I_MUL,
        SpecOp::UDiv => op::U_DIV,
        SpecOp::SDiv => op::S_DIV,
        SpecOp::UMod => op::U_MOD,
        SpecOp::SRem => op::S_REM,
        SpecOp::SMod => 139,
        SpecOp::ShiftRightLogical => op::SHIFT_RIGHT_LOGICAL,
        SpecOp::ShiftRightArithmetic => op::SHIFT_RIGHT_ARITHMETIC,
        SpecOp::ShiftLeftLogical => op::SHIFT_LEFT_LOGICAL,
        SpecOp::BitwiseOr => op::BITWISE_OR,
        SpecOp::BitwiseXor => op::BITWISE_XOR,
        SpecOp::BitwiseAnd => op::BITWISE_AND,
        SpecOp::LogicalOr => op::LOGICAL_OR,
        SpecOp::LogicalAnd => op::LOGICAL_AND,
        SpecOp::LogicalNot => op::LOGICAL_NOT,
        SpecOp::LogicalEqual => op::LOGICAL_EQUAL,
        SpecOp::LogicalNotEqual => op::LOGICAL_NOT_EQUAL,
        SpecOp::IEqual => op::I_EQUAL,
        SpecOp::INotEqual => op::I_NOT_EQUAL,
        SpecOp::ULessThan => op::U_LESS_THAN,
        SpecOp::SLessThan => op::S_LESS_THAN,
        SpecOp::UGreaterThan => 172,
        SpecOp::SGreaterThan => 173,
        SpecOp::ULessThanEqual => 178,
        SpecOp::SLessThanEqual => 179,
        SpecOp::UGreaterThanEqual => op::U_GREATER_THAN_EQUAL,
        SpecOp::SGreaterThanEqual => op::S_GREATER_THAN_EQUAL,
        SpecOp::Select => op::SELECT,
        SpecOp::UConvert => op::U_CONVERT,
        SpecOp::SConvert => op::S_CONVERT,
    })
}

impl Module<'_> {
    /// The id of the (specialization) constant computing `e`, written on first use.
    pub fn spec_expr_id(&mut self, e: &SpecExpr) -> Result<u32> {
        if let Some(&id) = self.spec_exprs.get(e) {
            return Ok(id);
        }
        let kind = |(base, bits): (BaseType, u8)| Kind::new(base, bits, 1);
        let id = match e {
            SpecExpr::Const { base, bits, value } => self.constant(kind((*base, *bits)), &[*value]),
            SpecExpr::SpecConstant { id, .. } => {
                super::spec::decorated_target(&self.decorations.words, decor::SPEC_ID, *id)
                    .ok_or_else(|| {
                        SpirvError::new(format!(
                    "internal: specialization constant {id} (an array length) is not declared"
                ))
                    })?
            }
            SpecExpr::WorkgroupSize(c) => {
                let wg = super::spec::decorated_target(
                    &self.decorations.words,
                    decor::BUILT_IN,
                    super::spec::builtin_ids::WORKGROUP_SIZE,
                )
                .ok_or_else(|| {
                    SpirvError::new(
                        "internal: an array length reads gl_WorkGroupSize, which is not specializable here",
                    )
                })?;
                let t = self.kind_type(Kind::new(BaseType::Uint, 32, 1));
                let id = self.id();
                self.globals.inst(
                    SPEC_CONSTANT_OP,
                    &[t, id, u32::from(op::COMPOSITE_EXTRACT), wg, u32::from(*c)],
                );
                id
            }
            SpecExpr::Op {
                op: o,
                base,
                bits,
                args,
            } => {
                let mut ops = Vec::with_capacity(args.len());
                for a in args {
                    ops.push(self.spec_expr_id(a)?);
                }
                let t = self.kind_type(kind((*base, *bits)));
                let id = self.id();
                let mut words = vec![t, id, opcode(*o)];
                words.extend(ops);
                self.globals.inst(SPEC_CONSTANT_OP, &words);
                id
            }
        };
        self.spec_exprs.insert(e.clone(), id);
        Ok(id)
    }
}
