//! `textureGatherOffsets` (issue 6): a `tg4` with `OffsetsX` / `OffsetsY` sources (the x and
//! y components of its four offsets). Constant offsets, as GLSL requires and the optimizer
//! makes them, are one `ConstOffsets` image operand (a constant `ivec2[4]`), as glslang
//! writes it; offsets that are not SPIR-V constants (unoptimized code loads them from the
//! array argument) make four gathers with an `Offset` each, of which texel i takes the
//! texel at offset i (component w, the gather's (i0, j0)), as `nir_lower_tex` does.

use fresnel_ir::{AluSrc, BaseType, ValueId};

use super::super::func::Val;
use super::super::spec::{cap, image_operands as io, op};
use super::super::types::Kind;
use super::super::Result;
use crate::spirv::func::FuncCx;

/// The `ConstOffsets` image operand bit.
const CONST_OFFSETS: u32 = 0x20;

/// How the four offsets are written.
pub(in crate::spirv) enum GatherOffsets {
    /// One image operand: (mask bit, operand ids).
    Operand(u32, Vec<u32>),
    /// One `ivec2` id per offset.
    Each([u32; 4]),
}

impl FuncCx<'_, '_> {
    pub(super) fn gather_offsets(&mut self, x: ValueId, y: ValueId) -> Result<GatherOffsets> {
        self.m.cap(cap::IMAGE_GATHER_EXTENDED);
        let ik2 = Kind::new(BaseType::Int, 32, 2);
        if let (Val::Const(xb), Val::Const(yb)) = (self.vals[x.0 as usize], self.vals[y.0 as usize])
        {
            let (xb, yb) = (
                self.consts[xb as usize].clone(),
                self.consts[yb as usize].clone(),
            );
            let mut elems = Vec::with_capacity(4);
            for i in 0..4 {
                let xi = xb.get(i).copied().unwrap_or(0);
                let yi = yb.get(i).copied().unwrap_or(0);
                elems.push(self.m.constant(ik2, &[xi, yi]));
            }
            let v2 = self.m.kind_type(ik2);
            let four = self.m.const_u32(4);
            let arr_t = self.m.ty(op::TYPE_ARRAY, &[v2, four]);
            let arr = self.m.composite_const(arr_t, &elems);
            return Ok(GatherOffsets::Operand(CONST_OFFSETS, vec![arr]));
        }
        let mut each = [0u32; 4];
        for (i, e) in each.iter_mut().enumerate() {
            let xi = self
                .alu_src(&AluSrc::broadcast(x, i as u8), 1, Some(BaseType::Int))?
                .0;
            let yi = self
                .alu_src(&AluSrc::broadcast(y, i as u8), 1, Some(BaseType::Int))?
                .0;
            *e = self.op1(op::COMPOSITE_CONSTRUCT, ik2, &[xi, yi]);
        }
        Ok(GatherOffsets::Each(each))
    }

    /// Four gathers (`opc`, operands `head` then the image operands `ops` and an `Offset`),
    /// one per offset, each giving its component w; a sparse form's codes are combined
    /// (resident only when all are). Returns the texel vector (kind `k`).
    pub(super) fn gather_each_offset(
        &mut self,
        opc: u16,
        k: Kind,
        head: &[u32],
        ops: &[(u32, Vec<u32>)],
        offsets: [u32; 4],
        code: &mut Option<u32>,
    ) -> Result<u32> {
        let mut texels = Vec::with_capacity(4);
        let mut combined: Option<u32> = None;
        for off in offsets {
            let mut operands = ops.to_vec();
            operands.push((io::OFFSET, vec![off]));
            operands.sort_by_key(|(m, _)| *m);
            let mut args = head.to_vec();
            args.push(operands.iter().fold(0, |m, (b, _)| m | b));
            for (_, v) in &operands {
                args.extend_from_slice(v);
            }
            let mut c = code.map(|_| 0);
            let texel = self.lookup(opc, k, &args, &mut c);
            texels.push(self.op1(op::COMPOSITE_EXTRACT, k.scalar(), &[texel, 3]));
            if let Some(c) = c.filter(|c| *c != 0) {
                combined = Some(match combined {
                    None => c,
                    Some(prev) => {
                        let ik = Kind::new(BaseType::Int, 32, 1);
                        let bk = Kind::new(BaseType::Bool, 1, 1);
                        let res = self.op1(
                            super::super::ext::op::IMAGE_SPARSE_TEXELS_RESIDENT,
                            bk,
                            &[prev],
                        );
                        self.op1(op::SELECT, ik, &[res, c, prev])
                    }
                });
            }
        }
        if code.is_some() {
            *code = combined.or(Some(0));
        }
        Ok(self.op1(op::COMPOSITE_CONSTRUCT, k, &texels))
    }
}
