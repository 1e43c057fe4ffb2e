//! GL_EXT_abort's `abortEXT(message, args...)` as SPV_KHR_abort's `OpAbortKHR`, as the
//! extension describes it: the message's parts packed into one structure, each string an
//! `OpConstantDataKHR` (SPV_KHR_constant_data) of an array of 8-bit integers decorated
//! `UTFEncodedKHR`, each other argument its value; then `OpCompositeConstruct` and
//! `OpAbortKHR` (a block terminator: what follows in the IR block is unreachable). As in
//! glslang, two structures describe the message: the value's, whose string arrays are the
//! constants' own types, and the Message Type operand, its twin laid out with scalar packing
//! (member `Offset`s, `ArrayStride 1` on its string arrays). SPIRV-Tools 2026.4 requires the
//! layout on the Message Type and forbids `ArrayStride` on an `OpConstantDataKHR`'s type.
//!
//! The lowering holds each string in a local of its own (an initialized `[N x u8]` nothing
//! writes, read only by the abort operations: [`message_var`]); such locals are not
//! declared, their bytes go straight into the constant.

use fresnel_ir::{
    BaseType, Constant, DerefKind, Function, InstrKind, Intrinsic, IntrinsicInstr, Type, Use,
    VarId, VarMode,
};

use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::FuncCx;

const CAP_ABORT_KHR: u32 = 5120;
const CAP_CONSTANT_DATA_KHR: u32 = 5146;
const OP_ABORT_KHR: u16 = 5121;
const OP_CONSTANT_DATA_KHR: u16 = 5147;
const DECORATION_ARRAY_STRIDE: u32 = 6;
const DECORATION_OFFSET: u32 = 35;
const DECORATION_UTF_ENCODED_KHR: u32 = 5145;

/// Whether `x` is `abortEXT` (it ends its SPIR-V block: `FuncCx::block_splits`).
pub(crate) fn is_abort(x: &IntrinsicInstr) -> bool {
    x.op == Intrinsic::VendorOp && super::vendor::op_name(x) == Some("abortEXT")
}

/// The bytes of `var` when it is an abort message (see the module docs): a `Function`
/// variable of `f` initialized with an array of 8-bit integers, whose every deref is read
/// only by `abortEXT` operations.
pub(crate) fn message_var(
    shader: &fresnel_ir::Shader,
    f: &Function,
    var: VarId,
) -> Option<Vec<u8>> {
    let v = shader.vars.get(var)?;
    if v.mode != VarMode::Function {
        return None;
    }
    let Type::Array { elem, .. } = shader.types.get(v.ty) else {
        return None;
    };
    if !matches!(
        shader.types.get(*elem),
        Type::Vector {
            base: BaseType::Uint,
            bits: 8,
            components: 1
        }
    ) {
        return None;
    }
    let Some(Constant::Composite(elems)) = &v.init else {
        return None;
    };
    let bytes = elems
        .iter()
        .map(|e| match e {
            Constant::Vector(c) if c.len() == 1 => u8::try_from(c[0]).ok(),
            _ => None,
        })
        .collect::<Option<Vec<u8>>>()?;
    let mut read = false;
    for id in f.instrs_in_order() {
        let InstrKind::Deref(d) = &f.instrs[id].kind else {
            continue;
        };
        if !matches!(d.kind, DerefKind::Var(w) if w == var) {
            continue;
        }
        for u in f.values[d.dest].uses.iter() {
            let Use::Instr { instr, .. } = u else {
                return None;
            };
            match &f.instrs[*instr].kind {
                InstrKind::Intrinsic(x) if is_abort(x) => read = true,
                _ => return None,
            }
        }
    }
    read.then_some(bytes)
}

impl FuncCx<'_, '_> {
    /// `abortEXT`; `Ok(false)` for other operations.
    pub(super) fn emit_abort(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        if !is_abort(x) {
            return Ok(false);
        }
        self.m.cap(CAP_ABORT_KHR);
        self.m.exts.insert("SPV_KHR_abort");
        // (value's type, laid-out type, value, offset) of each member.
        let mut members: Vec<(u32, u32, u32, u32)> = Vec::with_capacity(x.srcs.len());
        let mut offset = 0u32;
        for &s in &x.srcs {
            let message = self
                .f
                .deref_root_var(s)
                .filter(|_| super::vendor::deref_ty(self.f, s).is_some())
                .and_then(|var| message_var(self.m.shader, self.f, var));
            let (t, laid_out, id, size, align) = if let Some(bytes) = message {
                self.m.cap(CAP_CONSTANT_DATA_KHR);
                self.m.exts.insert("SPV_KHR_constant_data");
                let (t, id) = self.string_constant(&bytes)?;
                let size = u32::try_from(bytes.len())
                    .map_err(|_| SpirvError::new("an abort message this long"))?;
                let laid_out = self.string_type(size);
                self.m.decorate(laid_out, DECORATION_ARRAY_STRIDE, &[1]);
                (t, laid_out, id, size, 1)
            } else if super::vendor::deref_ty(self.f, s).is_some() {
                return Err(SpirvError::new(
                    "`abortEXT`: an argument of aggregate type is not supported in SPIR-V output",
                ));
            } else {
                let k = self.natural_kind(s);
                if k.base == BaseType::Bool {
                    return Err(SpirvError::new(
                        "`abortEXT`: a boolean argument has no memory layout in the message",
                    ));
                }
                let id = self.value_as(s, k)?;
                let t = self.m.kind_type(k);
                let bytes = u32::from(k.bits / 8);
                (t, t, id, bytes * u32::from(k.comps), bytes)
            };
            offset = offset.div_ceil(align) * align;
            members.push((t, laid_out, id, offset));
            offset += size;
        }
        // Structures of their own (not shared with one of the same members elsewhere,
        // which the offsets would decorate).
        let value_ty = self.m.id();
        let types: Vec<u32> = members.iter().map(|m| m.0).collect();
        self.m
            .globals
            .inst_parts(super::op::TYPE_STRUCT, &[value_ty], &types);
        let message_ty = self.m.id();
        let types: Vec<u32> = members.iter().map(|m| m.1).collect();
        self.m
            .globals
            .inst_parts(super::op::TYPE_STRUCT, &[message_ty], &types);
        for (i, m) in members.iter().enumerate() {
            let i = u32::try_from(i).map_err(|_| SpirvError::new("too many abort arguments"))?;
            self.m
                .member_decorate(message_ty, i, DECORATION_OFFSET, &[m.3]);
        }
        let msg = self.new_id();
        let mut ops = vec![value_ty, msg];
        ops.extend(members.iter().map(|m| m.2));
        self.code.inst(super::op::COMPOSITE_CONSTRUCT, &ops);
        self.terminate_mid_block(OP_ABORT_KHR, &[message_ty, msg]);
        Ok(true)
    }

    /// A new array type of `len` 8-bit integers decorated `UTFEncodedKHR`.
    fn string_type(&mut self, len: u32) -> u32 {
        let u8t = self.m.kind_type(Kind::new(BaseType::Uint, 8, 1));
        let n = self.m.const_u32(len);
        let t = self.m.id();
        self.m
            .globals
            .inst_parts(super::op::TYPE_ARRAY, &[t], &[u8t, n]);
        self.m.decorate(t, DECORATION_UTF_ENCODED_KHR, &[]);
        t
    }

    /// An `OpConstantDataKHR` of `bytes` (NUL included) and its array type (one of its own:
    /// [`Self::string_type`]).
    fn string_constant(&mut self, bytes: &[u8]) -> Result<(u32, u32)> {
        let len = u32::try_from(bytes.len())
            .map_err(|_| SpirvError::new("an abort message this long"))?;
        let t = self.string_type(len);
        // The literal: the bytes in words, little-endian, zero-padded (the NUL is the last
        // byte of `bytes`, so the literal string ends where the data does).
        let words: Vec<u32> = bytes
            .chunks(4)
            .map(|c| {
                let mut w = [0u8; 4];
                w[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(w)
            })
            .collect();
        let id = self.m.id();
        self.m
            .globals
            .inst_parts(OP_CONSTANT_DATA_KHR, &[t, id], &words);
        Ok((t, id))
    }
}
