//! A shader: its variables, functions, types, and stage-wide information.

use crate::entity::EntityVec;
use crate::func::Function;
use crate::instr::{FuncId, VarId};
use crate::types::{TypeId, Types};

/// The pipeline stage.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Stage {
    Vertex,
    TessControl,
    TessEval,
    Geometry,
    Fragment,
    Compute,
    Task,
    Mesh,
    RayGen,
    Intersect,
    AnyHit,
    ClosestHit,
    Miss,
    Callable,
}

impl Stage {
    pub const ALL: &'static [Stage] = &[
        Stage::Vertex,
        Stage::TessControl,
        Stage::TessEval,
        Stage::Geometry,
        Stage::Fragment,
        Stage::Compute,
        Stage::Task,
        Stage::Mesh,
        Stage::RayGen,
        Stage::Intersect,
        Stage::AnyHit,
        Stage::ClosestHit,
        Stage::Miss,
        Stage::Callable,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Stage::Vertex => "vertex",
            Stage::TessControl => "tess_ctrl",
            Stage::TessEval => "tess_eval",
            Stage::Geometry => "geometry",
            Stage::Fragment => "fragment",
            Stage::Compute => "compute",
            Stage::Task => "task",
            Stage::Mesh => "mesh",
            Stage::RayGen => "raygen",
            Stage::Intersect => "intersection",
            Stage::AnyHit => "any_hit",
            Stage::ClosestHit => "closest_hit",
            Stage::Miss => "miss",
            Stage::Callable => "callable",
        }
    }

    pub fn from_name(s: &str) -> Option<Stage> {
        Stage::ALL.iter().copied().find(|x| x.name() == s)
    }
}

/// Where a variable lives.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum VarMode {
    /// A stage input (`in`, `attribute`, `varying` in fragment shaders, built-in inputs).
    ShaderIn,
    ShaderOut,
    /// A uniform outside a block (default block): plain values, samplers, images.
    Uniform,
    /// A uniform block.
    Ubo,
    /// A shader storage block.
    Ssbo,
    /// Workgroup-shared memory.
    Shared,
    /// A global variable private to each invocation.
    Global,
    /// A function-local variable (parameters and the return value too).
    Function,
    PushConstant,
    /// Memory reached through a 64-bit address (GL_EXT_buffer_reference): no variable;
    /// derefs of this mode start with a `deref_cast` of the address value.
    PhysicalStorageBuffer,
}

impl VarMode {
    pub const ALL: &'static [VarMode] = &[
        VarMode::ShaderIn,
        VarMode::ShaderOut,
        VarMode::Uniform,
        VarMode::Ubo,
        VarMode::Ssbo,
        VarMode::Shared,
        VarMode::Global,
        VarMode::Function,
        VarMode::PushConstant,
        VarMode::PhysicalStorageBuffer,
    ];

    pub fn name(self) -> &'static str {
        match self {
            VarMode::ShaderIn => "shader_in",
            VarMode::ShaderOut => "shader_out",
            VarMode::Uniform => "uniform",
            VarMode::Ubo => "ubo",
            VarMode::Ssbo => "ssbo",
            VarMode::Shared => "shared",
            VarMode::Global => "global",
            VarMode::Function => "function",
            VarMode::PushConstant => "push_const",
            VarMode::PhysicalStorageBuffer => "phys_ssbo",
        }
    }

    pub fn from_name(s: &str) -> Option<VarMode> {
        VarMode::ALL.iter().copied().find(|x| x.name() == s)
    }
}

/// Interpolation of a stage input or output.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Interp {
    #[default]
    Smooth,
    Flat,
    NoPerspective,
}

/// Interpolation location.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Sampling {
    #[default]
    Center,
    Centroid,
    Sample,
}

/// A precision qualifier (`RelaxedPrecision` in SPIR-V for `mediump` and `lowp`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Precision {
    /// None written (and no default precision applies).
    #[default]
    None,
    Low,
    Medium,
    High,
}

impl Precision {
    pub fn name(self) -> Option<&'static str> {
        match self {
            Precision::None => None,
            Precision::Low => Some("lowp"),
            Precision::Medium => Some("mediump"),
            Precision::High => Some("highp"),
        }
    }

    pub fn from_name(s: &str) -> Option<Precision> {
        Some(match s {
            "lowp" => Precision::Low,
            "mediump" => Precision::Medium,
            "highp" => Precision::High,
            _ => return None,
        })
    }

    /// `mediump` and `lowp`.
    pub fn is_relaxed(self) -> bool {
        matches!(self, Precision::Low | Precision::Medium)
    }
}

/// The layout rules a uniform, storage or push-constant block was declared with (the
/// offsets and strides themselves are on the types).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum BlockPacking {
    Std140,
    Std430,
    Scalar,
    Shared,
    Packed,
}

impl BlockPacking {
    pub const ALL: &'static [BlockPacking] = &[
        BlockPacking::Std140,
        BlockPacking::Std430,
        BlockPacking::Scalar,
        BlockPacking::Shared,
        BlockPacking::Packed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BlockPacking::Std140 => "std140",
            BlockPacking::Std430 => "std430",
            BlockPacking::Scalar => "scalar",
            BlockPacking::Shared => "shared",
            BlockPacking::Packed => "packed",
        }
    }

    pub fn from_name(s: &str) -> Option<BlockPacking> {
        BlockPacking::ALL.iter().copied().find(|x| x.name() == s)
    }
}

/// Decorations of one member of an interface block (the variable's block type, under any
/// arrays): what SPIR-V puts on the block type's members besides offsets and matrix layout.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct MemberDecor {
    /// Built-in member (`gl_Position` of a redeclared `gl_PerVertex`).
    pub builtin: bool,
    pub location: Option<i32>,
    pub component: Option<u8>,
    pub interp: Interp,
    pub sampling: Sampling,
    pub patch: bool,
    pub invariant: bool,
    pub precise: bool,
    pub precision: Precision,
    /// Memory qualifiers written on the member (bits as in [`access`]; the block's own are
    /// the variable's).
    pub access: u8,
    pub xfb_buffer: Option<u32>,
    pub xfb_offset: Option<u32>,
    pub xfb_stride: Option<u32>,
    pub stream: Option<u32>,
    /// Extension qualifiers written on the member (`perprimitiveNV`, `perviewNV`,
    /// `perprimitiveEXT`, as written; issue 5, helper B: SPIR-V member decorations).
    pub ext_quals: Vec<String>,
    /// Image format qualifier written on the member (`rgba8`, ...: image members of
    /// structured descriptor heap blocks).
    pub format: Option<String>,
    /// `descriptor_size = N` written on a member of a structured descriptor heap block: the
    /// bytes each descriptor in the member takes (and is aligned to).
    pub descriptor_size: Option<u32>,
}

impl MemberDecor {
    pub fn is_default(&self) -> bool {
        *self == MemberDecor::default()
    }
}

/// A constant (initializers): scalars and vectors as bit patterns, aggregates by element.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Constant {
    /// Components of a scalar or vector, as bit patterns of the type's bit size.
    Vector(Vec<u64>),
    /// Elements of an array, columns of a matrix, members of a struct.
    Composite(Vec<Constant>),
}

/// A variable.
#[derive(Clone, Debug)]
pub struct Variable {
    pub name: String,
    pub ty: TypeId,
    pub mode: VarMode,
    /// Declared by the implementation (`gl_Position`, `gl_FragCoord`, ...).
    pub builtin: bool,
    pub location: Option<i32>,
    pub component: Option<u8>,
    /// Dual-source blending index.
    pub index: Option<u8>,
    pub binding: Option<u32>,
    pub set: Option<u32>,
    pub interp: Interp,
    pub sampling: Sampling,
    pub patch: bool,
    pub invariant: bool,
    pub precise: bool,
    /// Memory qualifiers: readonly, writeonly, coherent, volatile, restrict (bits as in
    /// [`access`]).
    pub access: u8,
    /// Image format qualifier (`rgba8`, `r32ui`, ...).
    pub format: Option<String>,
    pub init: Option<Constant>,
    /// Relaxed precision (`mediump`/`lowp`).
    pub relaxed_precision: bool,
    /// The function owning a `Function`-mode variable.
    pub function: Option<FuncId>,
    /// The precision qualifier as written or, in GLSL ES, from the default precision in
    /// effect (`relaxed_precision` records only a written `mediump`/`lowp`).
    pub precision: Precision,
    /// Atomic counters: `layout(offset = N)`.
    pub offset: Option<u32>,
    /// Transform feedback: `xfb_buffer`, `xfb_offset`, `xfb_stride`.
    pub xfb_buffer: Option<u32>,
    pub xfb_offset: Option<u32>,
    pub xfb_stride: Option<u32>,
    /// Geometry shader output stream.
    pub stream: Option<u32>,
    /// Subpass inputs: `input_attachment_index`.
    pub input_attachment_index: Option<u32>,
    /// Uniform, storage and push-constant blocks: the declared (or defaulted) layout.
    pub packing: Option<BlockPacking>,
    /// Interface blocks (and arrays of them): one entry per member of the block type, or
    /// empty when every member has default decorations.
    pub members: Vec<MemberDecor>,
    /// Added for the SPIR-V back end (issue 5, helper D): the extension storage qualifier the
    /// variable was declared with (`rayPayloadEXT`, `rayPayloadInEXT`, `hitAttributeEXT`,
    /// `callableDataEXT`, `callableDataInEXT`, `taskPayloadSharedEXT`,
    /// `hitObjectAttributeNV`, ... as written; the variable's mode is `Global`), or
    /// `shaderRecordEXT`/`shaderRecordNV` for a buffer block with that layout. SPIR-V gives
    /// each its own storage class.
    pub ext_storage: Option<String>,
    /// Added for the SPIR-V back end (issue 5, helper D): extension qualifiers that are not
    /// storage (`perprimitiveEXT`, `perprimitiveNV`, `perviewNV`, `taskNV`), as written.
    pub ext_quals: Vec<String>,
    /// GL_EXT_descriptor_heap / GL_EXT_structured_descriptor_heap: the variable is not bound
    /// (no binding or set) but read from a descriptor heap (see [`Heap`]).
    pub heap: Option<Heap>,
}

/// Which descriptor heap a heap variable reads.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum HeapKind {
    /// Buffers, images, textures, acceleration structures, tensors.
    Resource,
    /// Samplers.
    Sampler,
}

impl HeapKind {
    pub fn name(self) -> &'static str {
        match self {
            HeapKind::Resource => "resource",
            HeapKind::Sampler => "sampler",
        }
    }
}

/// Where a structured heap block starts in its heap (`layout(heap_offset = ...)`), in bytes.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum HeapOffset {
    Const(u32),
    /// The specialization constant of this id.
    Spec(u32),
    /// A 32-bit unsigned integer read, wherever the heap is accessed, from a uniform,
    /// storage or push-constant block variable at this member path (`pushData.offset`).
    Member {
        var: VarId,
        path: Vec<u32>,
    },
}

/// A heap variable: how its derefs reach descriptors.
///
/// * A *heap array* (`layout(descriptor_heap) buffer B { ... } b[];`, `uniform texture2D
///   t[]`): the variable is an array (usually unsized) of blocks or opaque objects, of its
///   ordinary mode (`ubo`, `ssbo`, `uniform`); element `i` is the descriptor at `i * stride`
///   bytes into the heap (`stride` from `descriptor_stride`, or the descriptor's size). Code
///   derefs it like an array of bound resources; only the back end differs.
/// * A *structured heap block* (`resourceheap` / `samplerheap`, `offset` is `Some`): a `ubo`
///   variable whose struct type lays out the heap from `offset` on, scalar rules, without
///   byte offsets in the IR type (descriptor sizes are the client API's: the back end
///   computes them). Members are plain data, opaque objects (read as descriptors), or
///   buffer descriptors (`buffer_type` blocks: `Type::Opaque` named
///   [`Heap::STORAGE_BUFFER`] or [`Heap::UNIFORM_BUFFER`]), entered with a `deref_cast` to
///   the block in `ssbo` or `ubo` mode.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Heap {
    pub kind: HeapKind,
    /// `descriptor_stride` of a heap array.
    pub stride: Option<u32>,
    /// A structured heap block: its offset.
    pub offset: Option<HeapOffset>,
}

impl Heap {
    /// The `Type::Opaque` name of a storage-buffer descriptor in a structured heap block
    /// (a `buffer_type` buffer block member).
    pub const STORAGE_BUFFER: &'static str = "storage_buffer_descriptor";
    /// The same for a uniform-buffer descriptor.
    pub const UNIFORM_BUFFER: &'static str = "uniform_buffer_descriptor";
}

/// Bits of [`Variable::access`].
pub mod access {
    pub const READONLY: u8 = 1;
    pub const WRITEONLY: u8 = 2;
    pub const COHERENT: u8 = 4;
    pub const VOLATILE: u8 = 8;
    pub const RESTRICT: u8 = 16;
}

impl Variable {
    pub fn new(name: impl Into<String>, ty: TypeId, mode: VarMode) -> Variable {
        Variable {
            name: name.into(),
            ty,
            mode,
            builtin: false,
            location: None,
            component: None,
            index: None,
            binding: None,
            set: None,
            interp: Interp::Smooth,
            sampling: Sampling::Center,
            patch: false,
            invariant: false,
            precise: false,
            access: 0,
            format: None,
            init: None,
            relaxed_precision: false,
            function: None,
            precision: Precision::None,
            offset: None,
            xfb_buffer: None,
            xfb_offset: None,
            xfb_stride: None,
            stream: None,
            input_attachment_index: None,
            packing: None,
            members: Vec::new(),
            ext_storage: None,
            ext_quals: Vec::new(),
            heap: None,
        }
    }
}

/// Stage-wide facts.
#[derive(Clone, Debug, Default)]
pub struct ShaderInfo {
    /// Compute (and task/mesh) workgroup size.
    pub local_size: [u32; 3],
    /// Geometry: input primitive, output primitive, max vertices, invocations.
    pub geometry: Option<GeometryInfo>,
    /// Tessellation control output vertices.
    pub tess_vertices: Option<u32>,
    /// Fragment: `layout(early_fragment_tests)`, `gl_FragCoord` conventions.
    pub early_fragment_tests: bool,
    pub origin_upper_left: bool,
    pub pixel_center_integer: bool,
    /// Compute local size given by specialization constants (`local_size_x_id = N`).
    pub local_size_id: [Option<u32>; 3],
    /// Tessellation (control or evaluation): primitive mode (`triangles`, `quads`,
    /// `isolines`), spacing (`equal_spacing`, `fractional_even_spacing`,
    /// `fractional_odd_spacing`), vertex order (`cw`, `ccw`), `point_mode`.
    pub tess_primitive: Option<String>,
    pub tess_spacing: Option<String>,
    pub tess_order: Option<String>,
    pub tess_point_mode: bool,
    /// Fragment: `depth_any`, `depth_greater`, `depth_less`, `depth_unchanged` on
    /// `gl_FragDepth`.
    pub depth_layout: Option<String>,
    /// Fragment: advanced blend equations (`blend_support_multiply`, ...), in order.
    pub blend_support: Vec<String>,
    /// Other stage-wide layout qualifiers, as written (lower case), with their values.
    pub other_modes: Vec<(String, Option<i64>)>,
    /// Specialization constants (`layout(constant_id = N) const T x = v;`), in declaration
    /// order, with their defaults. Code reads them with `load_spec_constant` (base = the id).
    pub spec_constants: Vec<SpecConstant>,
    /// `spirv_execution_mode(...)` and `spirv_execution_mode_id(...)` (GL_EXT_spirv_intrinsics),
    /// in declaration order: modes a SPIR-V back end writes as they are.
    pub spirv_modes: Vec<SpirvMode>,
    /// The capabilities and SPIR-V extensions that GL_EXT_spirv_intrinsics directives and
    /// qualifiers declare (`spirv_execution_mode(capabilities = [...], ...)`,
    /// `spirv_decorate(extensions = [...], ...)`): the module declares them.
    pub spirv_capabilities: Vec<u32>,
    pub spirv_extensions: Vec<String>,
}

/// An execution mode named by its SPIR-V number (GL_EXT_spirv_intrinsics).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpirvMode {
    pub mode: u32,
    /// `spirv_execution_mode_id`: the operands are ids (`OpExecutionModeId`), else literal
    /// words (`OpExecutionMode`).
    pub id: bool,
    pub operands: Vec<SpirvModeOperand>,
}

/// An operand of a [`SpirvMode`]: a 32-bit constant (a literal word, or for the id form the
/// id of that constant), or the specialization constant of a `SpecId`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpirvModeOperand {
    Int(i32),
    Uint(u32),
    /// The bits of a `float`.
    Float(u32),
    Bool(bool),
    Spec(u32),
}

/// A specialization constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecConstant {
    pub id: u32,
    pub name: String,
    /// A scalar type, or a small float scalar (`opaque "bfloat16_t"`, `opaque
    /// "floate2m1_t"`: [`crate::vendor::is_small_float_scalar`]), which code reads with the
    /// vendor operation `spec_constant` (the IR has no values of these types).
    pub ty: TypeId,
    /// The default value: the bits of a scalar of `ty`; for a small float type, the bits of
    /// the `f64` number (the back end rounds it to the format's bit pattern).
    pub value: Constant,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GeometryInfo {
    pub input: String,
    pub output: String,
    pub max_vertices: u32,
    pub invocations: u32,
}

/// A shader: one stage's program.
#[derive(Clone, Debug)]
pub struct Shader {
    pub stage: Stage,
    pub types: Types,
    pub vars: EntityVec<VarId, Variable>,
    pub functions: EntityVec<FuncId, Function>,
    /// `main`.
    pub entry: Option<FuncId>,
    pub info: ShaderInfo,
}

impl Shader {
    pub fn new(stage: Stage) -> Shader {
        Shader {
            stage,
            types: Types::new(),
            vars: EntityVec::new(),
            functions: EntityVec::new(),
            entry: None,
            info: ShaderInfo {
                local_size: [1, 1, 1],
                ..ShaderInfo::default()
            },
        }
    }

    pub fn add_var(&mut self, v: Variable) -> VarId {
        self.vars.push(v)
    }

    /// Adds a function-local variable to `func`.
    pub fn add_local(&mut self, func: FuncId, name: impl Into<String>, ty: TypeId) -> VarId {
        let mut v = Variable::new(name, ty, VarMode::Function);
        v.function = Some(func);
        let id = self.vars.push(v);
        self.functions[func].locals.push(id);
        id
    }

    /// Variables of a mode, in declaration order.
    pub fn vars_of(&self, mode: VarMode) -> impl Iterator<Item = (VarId, &Variable)> {
        self.vars.iter().filter(move |(_, v)| v.mode == mode)
    }

    pub fn find_function(&self, name: &str) -> Option<FuncId> {
        self.functions
            .iter()
            .find(|(_, f)| f.name == name)
            .map(|(id, _)| id)
    }
}

/// Whole-shader edits used by linking and dead-variable removal.
impl Shader {
    /// Keeps the variables for which `keep` is true and drops the others, renumbering the
    /// survivors in order and every reference to them (derefs, parameters, return
    /// variables, locals). A dropped variable must not be referenced by any instruction
    /// still in a block (removed instructions keep their stale index; nothing reads them).
    /// Returns how many were dropped.
    pub fn retain_vars(&mut self, mut keep: impl FnMut(VarId, &Variable) -> bool) -> usize {
        use crate::entity::EntityId;
        // The new id of each variable, then the kept variables compacted (performance: no
        // clone of each variable).
        let mut map: Vec<Option<VarId>> = Vec::with_capacity(self.vars.len());
        let mut dropped = 0;
        let mut next = 0u32;
        for (id, v) in self.vars.iter() {
            if keep(id, v) {
                map.push(Some(VarId(next)));
                next += 1;
            } else {
                map.push(None);
                dropped += 1;
            }
        }
        if dropped == 0 {
            return 0;
        }
        // In place: only the variables after the first dropped one move (performance: the
        // promoted locals are mostly the last ones).
        self.vars.retain_indexed(|id| map[id.index()].is_some());
        let remap = |v: VarId| map.get(v.index()).copied().flatten();
        // No kept variable after a dropped one: every kept id stays, only the locals lists
        // lose the dropped ones (performance: no walk of every instruction).
        let first_dropped = map.iter().position(Option::is_none).unwrap_or(map.len());
        if map[first_dropped..].iter().all(Option::is_none) {
            for (_, f) in self.functions.iter_mut() {
                f.ret = f.ret.and_then(remap);
                f.locals.retain(|l| remap(*l).is_some());
            }
            return dropped;
        }
        // Heap offsets read from a block member name that block's variable.
        for (_, v) in self.vars.iter_mut() {
            if let Some(Heap {
                offset: Some(HeapOffset::Member { var, .. }),
                ..
            }) = &mut v.heap
            {
                if let Some(n) = remap(*var) {
                    *var = n;
                }
            }
        }
        for (_, f) in self.functions.iter_mut() {
            for p in &mut f.params {
                if let Some(n) = remap(p.var) {
                    p.var = n;
                }
            }
            f.ret = f.ret.and_then(remap);
            f.locals.retain(|l| remap(*l).is_some());
            for l in &mut f.locals {
                if let Some(n) = remap(*l) {
                    *l = n;
                }
            }
            for (_, i) in f.instrs.iter_mut() {
                if let crate::instr::InstrKind::Deref(d) = &mut i.kind {
                    if let crate::instr::DerefKind::Var(v) = &mut d.kind {
                        match remap(*v) {
                            Some(n) => *v = n,
                            None => debug_assert!(i.removed, "a dropped variable is still used"),
                        }
                    }
                }
            }
        }
        dropped
    }
}

/// Whole-shader edits of the function list.
impl Shader {
    /// Keeps the functions for which `keep` is true, renumbering the survivors in order and
    /// every reference to them (calls, vendor operations' `callee`, the entry point,
    /// variable owners); the variables
    /// owned by dropped functions are dropped too. Calls to a dropped function must not
    /// remain in kept functions. Returns how many functions were dropped.
    pub fn retain_functions(&mut self, mut keep: impl FnMut(FuncId, &Function) -> bool) -> usize {
        use crate::entity::EntityId;
        let mut map: Vec<Option<FuncId>> = Vec::with_capacity(self.functions.len());
        let mut dropped = 0;
        let mut next = 0u32;
        for (id, f) in self.functions.iter() {
            if keep(id, f) {
                map.push(Some(FuncId(next)));
                next += 1;
            } else {
                map.push(None);
                dropped += 1;
            }
        }
        if dropped == 0 {
            return 0;
        }
        // The kept functions move (no copy of their bodies).
        let old = std::mem::take(&mut self.functions);
        let mut kept = EntityVec::new();
        for (id, f) in old.into_iter_indexed() {
            if map[id.index()].is_some() {
                kept.push(f);
            }
        }
        self.functions = kept;
        let remap = |f: FuncId| map.get(f.index()).copied().flatten();
        self.entry = self.entry.and_then(remap);
        for (_, f) in self.functions.iter_mut() {
            for (_, i) in f.instrs.iter_mut() {
                match &mut i.kind {
                    crate::instr::InstrKind::Call { func, .. } => match remap(*func) {
                        Some(n) => *func = n,
                        None => debug_assert!(i.removed, "a call to a dropped function"),
                    },
                    // A vendor operation's function argument follows its function.
                    crate::instr::InstrKind::Intrinsic(x) => {
                        for k in crate::IndexKind::CALLEES {
                            if let Some(c) = x.index(k) {
                                let to = usize::try_from(c)
                                    .ok()
                                    .and_then(|c| map.get(c).copied().flatten())
                                    .map_or(-1, |n| n.index() as i64);
                                x.set_index(k, to);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        // Variables of dropped functions go; the others follow their owner's new id.
        let owners: Vec<Option<Option<FuncId>>> =
            self.vars.values().map(|v| v.function.map(remap)).collect();
        let mut i = 0;
        self.retain_vars(|_, _| {
            let keep = !matches!(owners[i], Some(None));
            i += 1;
            keep
        });
        for (_, v) in self.vars.iter_mut() {
            if let Some(f) = v.function {
                v.function = remap(f);
            }
        }
        dropped
    }
}
