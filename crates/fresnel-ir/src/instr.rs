//! Instructions and values.

use smallvec::SmallVec;

use crate::define_id;
use crate::intrinsic::{IndexKind, Intrinsic};
use crate::op::AluOp;
use crate::types::{BaseType, SamplerDim, TypeId};

define_id!(
    /// An SSA value: the result of one instruction.
    ValueId,
    "%"
);
define_id!(
    /// An instruction.
    InstrId,
    "i"
);
define_id!(
    /// A basic block.
    BlockId,
    "b"
);
define_id!(
    /// An `if` node of the control-flow tree.
    IfId,
    "if"
);
define_id!(
    /// A `loop` node of the control-flow tree.
    LoopId,
    "loop"
);
define_id!(
    /// A variable (shader-wide arena).
    VarId,
    "@"
);
define_id!(
    /// A function.
    FuncId,
    "fn"
);

/// An SSA value's shape and where it is defined and used.
#[derive(Clone, Debug)]
pub struct ValueDef {
    /// 1 (booleans), 8, 16, 32 or 64.
    pub bit_size: u8,
    /// 1 to 4 (more only for values the IR carries without operating on them).
    pub num_components: u8,
    pub def: InstrId,
    /// Every place that reads the value, kept current by the function's editing methods.
    pub uses: crate::uses::UseList,
}

/// A place that reads a value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Use {
    /// Source number `src` of an instruction (numbered as [`InstrKind::srcs`] yields them).
    Instr { instr: InstrId, src: u16 },
    /// The condition of an `if`.
    IfCond(IfId),
}

/// An ALU source: a value and which of its components to read.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct AluSrc {
    pub value: ValueId,
    /// Component `i` of the operation reads component `swizzle[i]` of the value.
    pub swizzle: [u8; 4],
}

impl AluSrc {
    /// Reads the components in order.
    pub fn new(value: ValueId) -> AluSrc {
        AluSrc {
            value,
            swizzle: [0, 1, 2, 3],
        }
    }

    pub fn swizzled(value: ValueId, swizzle: [u8; 4]) -> AluSrc {
        AluSrc { value, swizzle }
    }

    /// Reads component `c` for every component (a broadcast).
    pub fn broadcast(value: ValueId, c: u8) -> AluSrc {
        AluSrc {
            value,
            swizzle: [c; 4],
        }
    }
}

/// Pure arithmetic.
#[derive(Clone, Debug)]
pub struct Alu {
    pub op: AluOp,
    pub dest: ValueId,
    /// Four inline, as many as a `vec4` reads (performance: no allocation for one; `Alu`
    /// stays smaller than the largest instruction kind, so [`Instr`] keeps its size).
    pub srcs: SmallVec<[AluSrc; 4]>,
    /// Must be evaluated exactly as written (`precise`): no reassociation or fusing.
    pub exact: bool,
}

/// Texture operations.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum TexOp {
    /// Implicit-LOD sample (`texture`).
    Tex,
    /// Sample with a LOD bias.
    Txb,
    /// Sample at an explicit LOD.
    Txl,
    /// Sample with explicit derivatives.
    Txd,
    /// Texel fetch.
    Txf,
    /// Multisample texel fetch.
    TxfMs,
    /// Size (`textureSize`).
    Txs,
    /// Mip levels (`textureQueryLevels`).
    QueryLevels,
    /// `textureQueryLod`.
    Lod,
    /// Gather (`textureGather`).
    Tg4,
    /// Samples of a multisample texture.
    TextureSamples,
}

impl TexOp {
    pub const ALL: &'static [TexOp] = &[
        TexOp::Tex,
        TexOp::Txb,
        TexOp::Txl,
        TexOp::Txd,
        TexOp::Txf,
        TexOp::TxfMs,
        TexOp::Txs,
        TexOp::QueryLevels,
        TexOp::Lod,
        TexOp::Tg4,
        TexOp::TextureSamples,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TexOp::Tex => "tex",
            TexOp::Txb => "txb",
            TexOp::Txl => "txl",
            TexOp::Txd => "txd",
            TexOp::Txf => "txf",
            TexOp::TxfMs => "txf_ms",
            TexOp::Txs => "txs",
            TexOp::QueryLevels => "query_levels",
            TexOp::Lod => "lod",
            TexOp::Tg4 => "tg4",
            TexOp::TextureSamples => "texture_samples",
        }
    }

    pub fn from_name(s: &str) -> Option<TexOp> {
        TexOp::ALL.iter().copied().find(|o| o.name() == s)
    }

    /// Needs implicit derivatives (fragment quads).
    pub fn implicit_derivatives(self) -> bool {
        matches!(self, TexOp::Tex | TexOp::Txb | TexOp::Lod)
    }
}

/// What a texture source is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum TexSrc {
    /// The texture (a deref of a sampler or texture variable).
    TextureDeref,
    /// The sampler, when separate from the texture (Vulkan).
    SamplerDeref,
    Coord,
    /// The divisor of `textureProj`.
    Projector,
    Bias,
    Lod,
    MinLod,
    Comparator,
    Offset,
    Ddx,
    Ddy,
    MsIndex,
    /// `textureGatherOffsets` (issue 6): the x components of the four offsets, a 4-component
    /// integer (`tg4` only, with `OffsetsY`): gathered texel i is the one at offset i (SPIR-V
    /// `ConstOffsets`).
    OffsetsX,
    /// The y components of the four offsets (see `OffsetsX`).
    OffsetsY,
}

impl TexSrc {
    pub const ALL: &'static [TexSrc] = &[
        TexSrc::TextureDeref,
        TexSrc::SamplerDeref,
        TexSrc::Coord,
        TexSrc::Projector,
        TexSrc::Bias,
        TexSrc::Lod,
        TexSrc::MinLod,
        TexSrc::Comparator,
        TexSrc::Offset,
        TexSrc::Ddx,
        TexSrc::Ddy,
        TexSrc::MsIndex,
        TexSrc::OffsetsX,
        TexSrc::OffsetsY,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TexSrc::TextureDeref => "texture",
            TexSrc::SamplerDeref => "sampler",
            TexSrc::Coord => "coord",
            TexSrc::Projector => "proj",
            TexSrc::Bias => "bias",
            TexSrc::Lod => "lod",
            TexSrc::MinLod => "min_lod",
            TexSrc::Comparator => "comparator",
            TexSrc::Offset => "offset",
            TexSrc::Ddx => "ddx",
            TexSrc::Ddy => "ddy",
            TexSrc::MsIndex => "ms_index",
            TexSrc::OffsetsX => "offsets_x",
            TexSrc::OffsetsY => "offsets_y",
        }
    }

    pub fn from_name(s: &str) -> Option<TexSrc> {
        TexSrc::ALL.iter().copied().find(|o| o.name() == s)
    }
}

/// A texture instruction.
#[derive(Clone, Debug)]
pub struct Tex {
    pub op: TexOp,
    pub dest: ValueId,
    pub dim: SamplerDim,
    pub is_array: bool,
    pub is_shadow: bool,
    /// The type of the texels returned.
    pub dest_base: BaseType,
    pub srcs: SmallVec<[(TexSrc, ValueId); 4]>,
    /// The gathered component (`tg4`).
    pub component: u8,
    /// A sparse lookup (GL_ARB_sparse_texture2, as NIR's `is_sparse`): the result has one
    /// more component than the lookup's texels, the last one, holding the residency code
    /// (a 32-bit integer that `is_sparse_texels_resident` tests). Printed `sparse`.
    pub is_sparse: bool,
}

impl Tex {
    pub fn src(&self, kind: TexSrc) -> Option<ValueId> {
        self.srcs.iter().find(|(k, _)| *k == kind).map(|(_, v)| *v)
    }
}

/// An intrinsic instruction.
#[derive(Clone, Debug)]
pub struct IntrinsicInstr {
    pub op: Intrinsic,
    pub dest: Option<ValueId>,
    pub srcs: SmallVec<[ValueId; 3]>,
    /// Components of the value read or written (where the intrinsic's table says 0).
    pub num_components: u8,
    pub indices: Indices,
}

/// The indices of an intrinsic instruction. One inline: most intrinsics have none or one
/// (performance: keeps [`Instr`] at 72 bytes, where two inline made it 88; the rare
/// instructions with more spill to the heap).
pub type Indices = SmallVec<[(IndexKind, i64); 1]>;

impl IntrinsicInstr {
    pub fn index(&self, k: IndexKind) -> Option<i64> {
        self.indices.iter().find(|(i, _)| *i == k).map(|(_, v)| *v)
    }

    /// The functions a vendor operation names (`IndexKind::CALLEES`), as indices.
    pub fn callees(&self) -> impl Iterator<Item = i64> + '_ {
        IndexKind::CALLEES.into_iter().filter_map(|k| self.index(k))
    }

    pub fn set_index(&mut self, k: IndexKind, v: i64) {
        match self.indices.iter_mut().find(|(i, _)| *i == k) {
            Some(e) => e.1 = v,
            None => self.indices.push((k, v)),
        }
    }
}

/// What a deref points at.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum DerefKind {
    /// A whole variable.
    Var(VarId),
    /// An element of an array (or a column of a matrix, a component of a vector).
    Array { parent: ValueId, index: ValueId },
    /// A member of a struct or block.
    Struct { parent: ValueId, field: u32 },
    /// The parent reinterpreted as `ty` (buffer references).
    Cast { parent: ValueId },
}

/// A deref: a typed pointer into a variable. Its value is 32-bit, one component.
#[derive(Clone, Debug)]
pub struct Deref {
    pub dest: ValueId,
    pub kind: DerefKind,
    /// The type pointed at.
    pub ty: TypeId,
    pub mode: crate::shader::VarMode,
}

/// Control transfer at the end of a block (structured: the tree says where it goes).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum JumpKind {
    /// To the block after the innermost loop.
    Break,
    /// To the first block of the innermost loop.
    Continue,
    /// To the function's end block.
    Return,
}

impl JumpKind {
    pub fn name(self) -> &'static str {
        match self {
            JumpKind::Break => "break",
            JumpKind::Continue => "continue",
            JumpKind::Return => "return",
        }
    }
}

/// An instruction.
#[derive(Clone, Debug)]
pub enum InstrKind {
    Alu(Alu),
    Intrinsic(IntrinsicInstr),
    Tex(Tex),
    Deref(Deref),
    /// Constants as bit patterns, one per component (booleans: 0 or 1).
    LoadConst {
        dest: ValueId,
        values: SmallVec<[u64; 4]>,
    },
    /// A value with no defined content.
    Undef {
        dest: ValueId,
    },
    /// At the start of a block: the value from each predecessor.
    Phi {
        dest: ValueId,
        srcs: SmallVec<[(BlockId, ValueId); 2]>,
    },
    /// A call. `args`: one per `in`/`inout` parameter, in order; `dests`: the return value
    /// (if any) then one per `out`/`inout` parameter, in order (copy-in, copy-out).
    Call {
        func: FuncId,
        args: SmallVec<[ValueId; 4]>,
        dests: SmallVec<[ValueId; 2]>,
    },
    /// Ends its block.
    Jump(JumpKind),
}

/// An instruction in a block.
#[derive(Clone, Debug)]
pub struct Instr {
    pub block: BlockId,
    pub kind: InstrKind,
    /// Removed from its block; its arena slot stays (indices are stable).
    pub removed: bool,
}

impl InstrKind {
    /// The values it reads, in source-number order.
    pub fn srcs(&self) -> SmallVec<[ValueId; 4]> {
        // Plain pushes through the visitor: cheaper than `Extend` over an iterator
        // (performance).
        let mut out = SmallVec::new();
        self.for_each_src(|_, v| out.push(v));
        out
    }

    /// Calls `f` with each source number and the value it reads, in order, without
    /// collecting them.
    #[inline]
    pub fn for_each_src(&self, mut f: impl FnMut(usize, ValueId)) {
        match self {
            InstrKind::Alu(a) => {
                for (k, s) in a.srcs.iter().enumerate() {
                    f(k, s.value);
                }
            }
            InstrKind::Intrinsic(i) => {
                for (k, v) in i.srcs.iter().enumerate() {
                    f(k, *v);
                }
            }
            InstrKind::Tex(t) => {
                for (k, (_, v)) in t.srcs.iter().enumerate() {
                    f(k, *v);
                }
            }
            InstrKind::Deref(d) => match d.kind {
                DerefKind::Var(_) => {}
                DerefKind::Array { parent, index } => {
                    f(0, parent);
                    f(1, index);
                }
                DerefKind::Struct { parent, .. } | DerefKind::Cast { parent } => f(0, parent),
            },
            InstrKind::Phi { srcs, .. } => {
                for (k, (_, v)) in srcs.iter().enumerate() {
                    f(k, *v);
                }
            }
            InstrKind::Call { args, .. } => {
                for (k, v) in args.iter().enumerate() {
                    f(k, *v);
                }
            }
            InstrKind::LoadConst { .. } | InstrKind::Undef { .. } | InstrKind::Jump(_) => {}
        }
    }

    /// Replaces source number `i`.
    pub fn set_src(&mut self, i: usize, v: ValueId) {
        match self {
            InstrKind::Alu(a) => a.srcs[i].value = v,
            InstrKind::Intrinsic(x) => x.srcs[i] = v,
            InstrKind::Tex(t) => t.srcs[i].1 = v,
            InstrKind::Deref(d) => match &mut d.kind {
                DerefKind::Var(_) => panic!("a variable deref has no sources"),
                DerefKind::Array { parent, index } => {
                    if i == 0 {
                        *parent = v;
                    } else {
                        *index = v;
                    }
                }
                DerefKind::Struct { parent, .. } | DerefKind::Cast { parent } => *parent = v,
            },
            InstrKind::Phi { srcs, .. } => srcs[i].1 = v,
            InstrKind::Call { args, .. } => args[i] = v,
            InstrKind::LoadConst { .. } | InstrKind::Undef { .. } | InstrKind::Jump(_) => {
                panic!("instruction has no sources")
            }
        }
    }

    /// The values it defines.
    pub fn dests(&self) -> SmallVec<[ValueId; 2]> {
        let mut out = SmallVec::new();
        match self {
            InstrKind::Alu(a) => out.push(a.dest),
            InstrKind::Intrinsic(i) => out.extend(i.dest),
            InstrKind::Tex(t) => out.push(t.dest),
            InstrKind::Deref(d) => out.push(d.dest),
            InstrKind::LoadConst { dest, .. }
            | InstrKind::Undef { dest }
            | InstrKind::Phi { dest, .. } => out.push(*dest),
            InstrKind::Call { dests, .. } => out.extend(dests.iter().copied()),
            InstrKind::Jump(_) => {}
        }
        out
    }

    pub fn is_jump(&self) -> bool {
        matches!(self, InstrKind::Jump(_))
    }

    pub fn is_phi(&self) -> bool {
        matches!(self, InstrKind::Phi { .. })
    }
}

// Added for issue 5 (decorations): per-value flags that back ends turn into SPIR-V
// decorations on result ids (`NonUniform`, `RelaxedPrecision`). Kept in
// `Function::value_flags` (a side table, so instruction and value literals are unchanged).

/// Properties of a value beyond its shape.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct ValueFlags {
    /// Marked non-uniform (`nonuniformEXT`, GL_EXT_nonuniform_qualifier): the value may
    /// differ between invocations where it is used to index descriptors, so accesses through
    /// it must be decorated `NonUniform`. A mark on a deref marks the access (the resource
    /// reached). Merging a marked value with an unmarked one keeps the mark.
    pub non_uniform: bool,
    /// Computed at relaxed precision (`mediump`/`lowp`): SPIR-V `RelaxedPrecision`. Merging a
    /// relaxed value with a full-precision one drops the mark.
    pub relaxed: bool,
}

impl ValueFlags {
    pub const NONE: ValueFlags = ValueFlags {
        non_uniform: false,
        relaxed: false,
    };

    pub fn is_empty(self) -> bool {
        self == ValueFlags::NONE
    }

    /// The flags of one value standing for two equal computations (CSE): non-uniform if
    /// either is, relaxed only if both are.
    pub fn merge(self, other: ValueFlags) -> ValueFlags {
        ValueFlags {
            non_uniform: self.non_uniform || other.non_uniform,
            relaxed: self.relaxed && other.relaxed,
        }
    }

    /// The words of the text form (`nonuniform`, `relaxed`), in that order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        [(self.non_uniform, "nonuniform"), (self.relaxed, "relaxed")]
            .into_iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| n)
    }

    /// Sets the flag named `name` (`false` if no flag has that name).
    pub fn set_by_name(&mut self, name: &str) -> bool {
        match name {
            "nonuniform" => self.non_uniform = true,
            "relaxed" => self.relaxed = true,
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod size_tests {
    use super::*;

    /// Instructions are stored by value in each function's arena and walked by every pass; like
    /// rustc's `static_assert_size`, this keeps them from growing unnoticed (one inline index
    /// in `Indices` brought them from 88 to 72 bytes).
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn instr_stays_72_bytes() {
        assert_eq!(std::mem::size_of::<Instr>(), 72);
    }
}
