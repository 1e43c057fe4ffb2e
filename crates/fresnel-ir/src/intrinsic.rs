//! Intrinsics: every instruction that touches memory or is not referentially transparent
//! (loads and stores of variables, inputs, outputs, uniforms, buffers; images; atomics;
//! barriers; discard; geometry emission; invocation queries). Each has a row saying its
//! sources, whether it has a result, which indices it carries, and whether it may be
//! eliminated when unused or reordered with other instructions.

/// Flags of an intrinsic.
pub mod flags {
    /// Removable when its result is unused (no side effects).
    pub const CAN_ELIMINATE: u8 = 1;
    /// May move past other instructions (reads nothing that can change).
    pub const CAN_REORDER: u8 = 2;
}

/// The constant indices an intrinsic may carry.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum IndexKind {
    /// Base location / offset / binding slot.
    Base,
    /// First component.
    Component,
    /// Components written (bit mask).
    WriteMask,
    /// Size in bytes of the range read.
    Range,
    /// Geometry stream.
    Stream,
    /// Memory scope / semantics bits.
    Memory,
    /// The atomic operation (see [`AtomicOp`]).
    Atomic,
    /// Which parameter (for `load_param`).
    Param,
    /// Access flags (coherent, volatile, restrict, readonly, writeonly, non-uniform).
    Access,
    /// The GLSL operation of a vendor operation (`vendor_op`): a position in
    /// [`crate::vendor::VENDOR_OPS`], printed by name.
    VendorOp,
    /// `spirv_instruction`: the extended instruction set (crate::spirv_instruction).
    SpirvSet,
    /// `spirv_instruction`: the kinds of the result and the sources.
    SpirvKinds,
    /// `spirv_instruction`: the capabilities declared.
    SpirvCaps,
    /// `spirv_instruction`: the SPIR-V extensions declared.
    SpirvExts,
    /// A vendor operation's function argument (`coopMatPerElementNV(r, m, f)`'s `f`): the
    /// index of the function in the shader (renumbered when functions go).
    Callee,
    /// A vendor operation's second function argument (`coopMatLoadTensorNV(..., decode,
    /// decodeVector)`'s vector decode function, GL_NV_cooperative_matrix_decode_vector), as
    /// `Callee`.
    Callee2,
    /// The operation of a subgroup reduction or scan (see [`ReductionOp`]), printed by name
    /// (NIR's `reduction_op`).
    ReductionOp,
    /// The cluster size of a subgroup reduction (`subgroupClustered*`): a power of two;
    /// absent or 0 = the whole subgroup (NIR's `cluster_size`).
    ClusterSize,
}

impl IndexKind {
    /// The indices naming functions (followed when functions are renumbered, linked or
    /// kept as reachable).
    pub const CALLEES: [IndexKind; 2] = [IndexKind::Callee, IndexKind::Callee2];

    pub fn name(self) -> &'static str {
        match self {
            IndexKind::Base => "base",
            IndexKind::Component => "component",
            IndexKind::WriteMask => "wrmask",
            IndexKind::Range => "range",
            IndexKind::Stream => "stream",
            IndexKind::Memory => "memory",
            IndexKind::Atomic => "atomic",
            IndexKind::Param => "param",
            IndexKind::Access => "access",
            IndexKind::VendorOp => "op",
            IndexKind::SpirvSet => "set",
            IndexKind::SpirvKinds => "kinds",
            IndexKind::SpirvCaps => "caps",
            IndexKind::SpirvExts => "exts",
            IndexKind::Callee => "callee",
            IndexKind::Callee2 => "callee2",
            IndexKind::ReductionOp => "reduction_op",
            IndexKind::ClusterSize => "cluster_size",
        }
    }

    pub fn from_name(s: &str) -> Option<IndexKind> {
        Some(match s {
            "base" => IndexKind::Base,
            "component" => IndexKind::Component,
            "wrmask" => IndexKind::WriteMask,
            "range" => IndexKind::Range,
            "stream" => IndexKind::Stream,
            "memory" => IndexKind::Memory,
            "atomic" => IndexKind::Atomic,
            "param" => IndexKind::Param,
            "access" => IndexKind::Access,
            "op" => IndexKind::VendorOp,
            "set" => IndexKind::SpirvSet,
            "kinds" => IndexKind::SpirvKinds,
            "caps" => IndexKind::SpirvCaps,
            "exts" => IndexKind::SpirvExts,
            "callee" => IndexKind::Callee,
            "callee2" => IndexKind::Callee2,
            "reduction_op" => IndexKind::ReductionOp,
            "cluster_size" => IndexKind::ClusterSize,
            _ => return None,
        })
    }
}

/// An enum of IR index values kept as their position: declares the enum with `ALL` (every
/// variant in order), `index` and `from_index`.
macro_rules! index_enum {
    ($(#[$m:meta])* pub enum $name:ident { $($(#[$vm:meta])* $v:ident,)* }) => {
        $(#[$m])*
        pub enum $name { $($(#[$vm])* $v,)* }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$v,)*];

            /// The position in [`Self::ALL`], as the index stores it.
            pub fn index(self) -> i64 {
                self as i64
            }

            pub fn from_index(i: i64) -> Option<$name> {
                usize::try_from(i).ok().and_then(|i| Self::ALL.get(i).copied())
            }
        }
    };
}

index_enum! {
    /// Atomic operations (the `atomic` index of the atomic intrinsics).
    #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
    pub enum AtomicOp {
        Iadd,
        Imin,
        Umin,
        Imax,
        Umax,
        Iand,
        Ior,
        Ixor,
        Xchg,
        CmpXchg,
        Fadd,
        Fmin,
        Fmax,
        /// Atomic counter increment (returns the old value).
        Inc,
        /// Atomic counter decrement (returns the new value).
        Dec,
        /// Atomic load / store (GL_KHR_memory_scope_semantics).
        Load,
        Store,
    }
}

impl AtomicOp {
    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Iadd => "iadd",
            AtomicOp::Imin => "imin",
            AtomicOp::Umin => "umin",
            AtomicOp::Imax => "imax",
            AtomicOp::Umax => "umax",
            AtomicOp::Iand => "iand",
            AtomicOp::Ior => "ior",
            AtomicOp::Ixor => "ixor",
            AtomicOp::Xchg => "xchg",
            AtomicOp::CmpXchg => "cmpxchg",
            AtomicOp::Fadd => "fadd",
            AtomicOp::Fmin => "fmin",
            AtomicOp::Fmax => "fmax",
            AtomicOp::Inc => "inc",
            AtomicOp::Dec => "dec",
            AtomicOp::Load => "load",
            AtomicOp::Store => "store",
        }
    }
}

index_enum! {
    /// The operation of a subgroup reduction or scan (the `reduction_op` index of `reduce`,
    /// `inclusive_scan`, `exclusive_scan`): as NIR's `reduction_op`, the ALU operation that
    /// combines two values ([`ReductionOp::alu`]). On booleans `iand`/`ior`/`ixor` are logical.
    #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
    pub enum ReductionOp {
        Iadd,
        Fadd,
        Imul,
        Fmul,
        Imin,
        Umin,
        Fmin,
        Imax,
        Umax,
        Fmax,
        Iand,
        Ior,
        Ixor,
    }
}

impl ReductionOp {
    /// The ALU operation combining two values.
    pub fn alu(self) -> crate::AluOp {
        use crate::AluOp as A;
        match self {
            ReductionOp::Iadd => A::Iadd,
            ReductionOp::Fadd => A::Fadd,
            ReductionOp::Imul => A::Imul,
            ReductionOp::Fmul => A::Fmul,
            ReductionOp::Imin => A::Imin,
            ReductionOp::Umin => A::Umin,
            ReductionOp::Fmin => A::Fmin,
            ReductionOp::Imax => A::Imax,
            ReductionOp::Umax => A::Umax,
            ReductionOp::Fmax => A::Fmax,
            ReductionOp::Iand => A::Iand,
            ReductionOp::Ior => A::Ior,
            ReductionOp::Ixor => A::Ixor,
        }
    }

    /// Whether it combines floating-point values.
    pub fn is_float(self) -> bool {
        matches!(
            self,
            ReductionOp::Fadd | ReductionOp::Fmul | ReductionOp::Fmin | ReductionOp::Fmax
        )
    }

    pub fn name(self) -> &'static str {
        self.alu().name()
    }

    pub fn from_name(s: &str) -> Option<ReductionOp> {
        ReductionOp::ALL.iter().copied().find(|r| r.name() == s)
    }
}

/// Properties of an intrinsic.
#[derive(Copy, Clone, Debug)]
pub struct IntrinsicInfo {
    pub name: &'static str,
    /// Components of each source: 0 = the intrinsic's `num_components`, -1 = a deref, else
    /// that many. `[-2]`: any number of sources, each a deref or a value of any shape
    /// ([`IntrinsicInfo::is_variadic`]).
    pub srcs: &'static [i8],
    /// Whether it produces a value (with the intrinsic's bit size and components).
    pub has_dest: bool,
    /// Components of the result when fixed (0: the intrinsic's `num_components`).
    pub dest_components: u8,
    pub indices: &'static [IndexKind],
    pub flags: u8,
}

macro_rules! intrinsics {
    ($(
        $(#[$doc:meta])*
        $variant:ident = $name:literal [$($src:literal),*] $dest:tt $dc:literal
            { $($idx:ident),* } $flags:expr;
    )*) => {
        /// An intrinsic.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub enum Intrinsic { $($(#[$doc])* $variant),* }

        pub const ALL_INTRINSICS: &[Intrinsic] = &[$(Intrinsic::$variant),*];

        impl Intrinsic {
            pub fn info(self) -> &'static IntrinsicInfo {
                match self {
                    $(Intrinsic::$variant => &IntrinsicInfo {
                        name: $name,
                        srcs: &[$($src),*],
                        has_dest: intrinsics!(@dest $dest),
                        dest_components: $dc,
                        indices: &[$(IndexKind::$idx),*],
                        flags: $flags,
                    },)*
                }
            }

            pub fn from_name(s: &str) -> Option<Intrinsic> {
                Some(match s {
                    $($name => Intrinsic::$variant,)*
                    _ => return None,
                })
            }
        }
    };
    (@dest value) => { true };
    (@dest none) => { false };
}

use flags::{CAN_ELIMINATE as E, CAN_REORDER as R};

intrinsics! {
    // ---- variables (before I/O lowering) ----
    LoadDeref = "load_deref" [-1] value 0 { Access } E;
    StoreDeref = "store_deref" [-1, 0] none 0 { WriteMask, Access } 0;
    CopyDeref = "copy_deref" [-1, -1] none 0 { } 0;
    /// Atomic on a variable (shared or buffer); srcs: deref, data (, compare).
    DerefAtomic = "deref_atomic" [-1, 0] value 0 { Atomic, Access } 0;
    DerefAtomicSwap = "deref_atomic_swap" [-1, 0, 0] value 0 { Atomic, Access } 0;
    /// `.length()` of a runtime-sized array: src is a deref of the array.
    DerefBufferArrayLength = "deref_buffer_array_length" [-1] value 1 { } E;

    // ---- registers (values not in SSA form) ----
    /// Declares a register: the result names it (bit size, components; base = array length).
    DeclReg = "decl_reg" [] value 0 { Base } 0;
    /// srcs: the register (, an indirect array index).
    LoadReg = "load_reg" [1] value 0 { Base } 0;
    LoadRegIndirect = "load_reg_indirect" [1, 1] value 0 { Base } 0;
    /// srcs: the value, the register (, an indirect array index).
    StoreReg = "store_reg" [0, 1] none 0 { Base, WriteMask } 0;
    StoreRegIndirect = "store_reg_indirect" [0, 1, 1] none 0 { Base, WriteMask } 0;

    // ---- functions ----
    /// The value of parameter `param` inside a function (SSA form of parameters).
    LoadParam = "load_param" [] value 0 { Param } (E | R);

    // ---- after I/O lowering ----
    LoadInput = "load_input" [1] value 0 { Base, Component } (E | R);
    LoadPerVertexInput = "load_per_vertex_input" [1, 1] value 0 { Base, Component } (E | R);
    StoreOutput = "store_output" [0, 1] none 0 { Base, Component, WriteMask } 0;
    LoadUniform = "load_uniform" [1] value 0 { Base, Range } (E | R);
    /// srcs: block index, byte offset.
    LoadUbo = "load_ubo" [1, 1] value 0 { Access, Range } (E | R);
    LoadSsbo = "load_ssbo" [1, 1] value 0 { Access } E;
    /// srcs: value, block index, byte offset.
    StoreSsbo = "store_ssbo" [0, 1, 1] none 0 { WriteMask, Access } 0;
    LoadShared = "load_shared" [1] value 0 { Base } E;
    StoreShared = "store_shared" [0, 1] none 0 { Base, WriteMask } 0;
    LoadPushConstant = "load_push_constant" [1] value 0 { Base, Range } (E | R);

    // ---- images (srcs: image deref, coordinate, sample, ...) ----
    ImageDerefLoad = "image_deref_load" [-1, 4, 1] value 4 { Access } E;
    ImageDerefStore = "image_deref_store" [-1, 4, 1, 4] none 0 { Access } 0;
    ImageDerefAtomic = "image_deref_atomic" [-1, 4, 1, 1] value 1 { Atomic, Access } 0;
    ImageDerefAtomicSwap = "image_deref_atomic_swap" [-1, 4, 1, 1, 1] value 1 { Atomic, Access } 0;
    /// srcs: image deref, lod.
    ImageDerefSize = "image_deref_size" [-1, 1] value 0 { } (E | R);
    ImageDerefSamples = "image_deref_samples" [-1] value 1 { } (E | R);

    // ---- atomic counters (srcs: counter deref) ----
    AtomicCounterRead = "atomic_counter_read" [-1] value 1 { } E;
    AtomicCounterOp = "atomic_counter_op" [-1, 1] value 1 { Atomic } 0;

    // ---- control of execution ----
    /// Ends the invocation (`discard`, `terminateInvocation`).
    Terminate = "terminate" [] none 0 { } 0;
    TerminateIf = "terminate_if" [1] none 0 { } 0;
    /// `demote`: the invocation becomes a helper.
    Demote = "demote" [] none 0 { } 0;
    IsHelperInvocation = "is_helper_invocation" [] value 1 { } E;
    /// Workgroup execution and memory barrier (`barrier()`).
    Barrier = "barrier" [] none 0 { Memory } 0;
    /// Memory barrier only; `memory` holds the modes it orders.
    MemoryBarrier = "memory_barrier" [] none 0 { Memory } 0;
    EmitVertex = "emit_vertex" [] none 0 { Stream } 0;
    EndPrimitive = "end_primitive" [] none 0 { Stream } 0;
    BeginInvocationInterlock = "begin_invocation_interlock" [] none 0 { } 0;
    EndInvocationInterlock = "end_invocation_interlock" [] none 0 { } 0;

    // ---- interpolation (srcs: input deref, ...) ----
    InterpDerefAtCentroid = "interp_deref_at_centroid" [-1] value 0 { } E;
    InterpDerefAtSample = "interp_deref_at_sample" [-1, 1] value 0 { } E;
    InterpDerefAtOffset = "interp_deref_at_offset" [-1, 2] value 0 { } E;

    // ---- subgroups ----
    VoteAny = "vote_any" [1] value 1 { } E;
    VoteAll = "vote_all" [1] value 1 { } E;
    VoteEq = "vote_eq" [0] value 1 { } E;
    Ballot = "ballot" [1] value 4 { } E;
    Elect = "elect" [] value 1 { } E;
    ReadInvocation = "read_invocation" [0, 1] value 0 { } E;
    ReadFirstInvocation = "read_first_invocation" [0] value 0 { } E;
    Shuffle = "shuffle" [0, 1] value 0 { } E;
    /// `reduction_op` names the operation ([`ReductionOp`]); `cluster_size` (absent or 0:
    /// the whole subgroup) reduces aligned clusters of that many invocations.
    Reduce = "reduce" [0] value 0 { ReductionOp, ClusterSize } E;
    InclusiveScan = "inclusive_scan" [0] value 0 { ReductionOp } E;
    ExclusiveScan = "exclusive_scan" [0] value 0 { ReductionOp } E;
    /// GL_NV_shader_subgroup_partitioned `subgroupPartitionNV`: the ballot (32x4) of the
    /// active invocations whose source equals this one's, bit for bit.
    Partition = "partition" [0] value 4 { } E;
    /// `subgroupPartitioned*NV`: as `reduce` / `inclusive_scan` / `exclusive_scan` over
    /// the active invocations of the ballot of source 1 (a partition).
    PartitionedReduce = "partitioned_reduce" [0, 4] value 0 { ReductionOp } E;
    PartitionedInclusiveScan = "partitioned_inclusive_scan" [0, 4] value 0 { ReductionOp } E;
    PartitionedExclusiveScan = "partitioned_exclusive_scan" [0, 4] value 0 { ReductionOp } E;

    // ---- added for the built-in function lowering (issue 4) ----
    /// `atomicCounterCompSwap`: srcs: counter deref, new value, value compared with; stores
    /// the new value when the counter equals the compared value; returns the value before.
    AtomicCounterOpSwap = "atomic_counter_op_swap" [-1, 1, 1] value 1 { Atomic } 0;

    // ---- sparse residency (GL_ARB_sparse_texture2; added by helper E, issue 4) ----
    /// `sparseImageLoadARB`: as `image_deref_load`, with the residency code (32-bit) as a
    /// fifth component, like a sparse `tex`.
    ImageDerefSparseLoad = "image_deref_sparse_load" [-1, 4, 1] value 5 { Access } E;
    /// `sparseTexelsResidentARB`: src: a residency code (32-bit); true when every texel the
    /// lookup that produced it read was resident.
    /// GL_AMD_shader_image_load_store_lod: as `image_deref_load` / `image_deref_store` /
    /// `image_deref_sparse_load` with the mip level instead of the sample index (srcs:
    /// image deref, coordinate, lod(, data)).
    ImageDerefLoadLod = "image_deref_load_lod" [-1, 4, 1] value 4 { Access } E;
    ImageDerefStoreLod = "image_deref_store_lod" [-1, 4, 1, 4] none 0 { Access } 0;
    ImageDerefSparseLoadLod = "image_deref_sparse_load_lod" [-1, 4, 1] value 5 { Access } E;
    IsSparseTexelsResident = "is_sparse_texels_resident" [1] value 1 { } (E | R);
    /// The residency code of a lookup made of several (srcs: two codes): resident only
    /// when both are.
    SparseResidencyCodeAnd = "sparse_residency_code_and" [1, 1] value 1 { } (E | R);

    // ---- ray tracing (GL_EXT_ray_tracing, GL_NV_ray_tracing; helper E, issue 4) ----
    /// `traceRayEXT`/`traceNV`: srcs: acceleration structure deref, ray flags, cull mask,
    /// SBT record offset, SBT record stride, miss index, origin, t min, direction, t max,
    /// the deref of the `rayPayload` variable whose location the call names.
    TraceRay = "trace_ray" [-1, 1, 1, 1, 1, 1, 3, 1, 3, 1, -1] none 0 { } 0;
    /// `traceRayMotionNV`: as `trace_ray` with the time before the payload.
    TraceRayMotion = "trace_ray_motion" [-1, 1, 1, 1, 1, 1, 3, 1, 3, 1, 1, -1] none 0 { } 0;
    /// `executeCallableEXT`: srcs: SBT record index, the `callableData` variable's deref.
    ExecuteCallable = "execute_callable" [1, -1] none 0 { } 0;
    /// `reportIntersectionEXT`: srcs: t, hit kind; whether the hit was accepted.
    ReportRayIntersection = "report_ray_intersection" [1, 1] value 1 { } 0;
    /// `ignoreIntersectionEXT`: rejects the hit and ends the any-hit invocation.
    IgnoreRayIntersection = "ignore_ray_intersection" [] none 0 { } 0;
    /// `terminateRayEXT`: accepts the hit, ends the any-hit invocation and the traversal.
    TerminateRay = "terminate_ray" [] none 0 { } 0;

    // ---- mesh shaders (GL_EXT_mesh_shader; helper E, issue 4) ----
    /// `SetMeshOutputsEXT`: srcs: vertex count, primitive count.
    SetVertexAndPrimitiveCount = "set_vertex_and_primitive_count" [1, 1] none 0 { } 0;
    /// `EmitMeshTasksEXT`: src: the workgroup counts (`uvec3`); ends the task invocation.
    LaunchMeshWorkgroups = "launch_mesh_workgroups" [3] none 0 { } 0;

    // ---- ray queries (GL_EXT_ray_query; helper E, issue 4). srcs[0]: the query's deref ----
    /// `rayQueryInitializeEXT`: srcs: query, acceleration structure deref, ray flags, cull
    /// mask, origin, t min, direction, t max.
    RqInitialize = "rq_initialize" [-1, -1, 1, 1, 3, 1, 3, 1] none 0 { } 0;
    /// `rayQueryProceedEXT`: whether traversal continues.
    RqProceed = "rq_proceed" [-1] value 1 { } 0;
    RqTerminate = "rq_terminate" [-1] none 0 { } 0;
    /// srcs: query, t of the generated hit.
    RqGenerateIntersection = "rq_generate_intersection" [-1, 1] none 0 { } 0;
    RqConfirmIntersection = "rq_confirm_intersection" [-1] none 0 { } 0;
    /// `rayQueryGet*`: srcs: query, committed (a 1-bit constant; false where the function
    /// has no such argument). `base`: which value ([`RAY_QUERY_VALUES`]); `component`: the
    /// column of a matrix value or the vertex of the triangle's positions.
    RqLoad = "rq_load" [-1, 1] value 0 { Base, Component } E;

    // ---- clocks (GL_ARB_shader_clock, GL_EXT_shader_realtime_clock; helper E) ----
    /// A 64-bit counter as two 32-bit halves (low first). `base`: 0 for the subgroup-scope
    /// clock (`clockARB`), 1 for the device-scope real-time clock (`clockRealtimeEXT`).
    ShaderClock = "shader_clock" [] value 2 { Base } 0;

    // ---- displacement micromaps (GL_NV_displacement_micromap; helper E) ----
    /// `fetchMicroTriangleVertex{Position,Barycentric}NV`: srcs: acceleration structure
    /// deref, instance id, geometry index, primitive index, barycentrics (`ivec2`). `base`:
    /// 0 for the position (3 components), 1 for the barycentric (2).
    FetchMicroTriangleVertex = "fetch_micro_triangle_vertex" [-1, 1, 1, 1, 2] value 0 { Base } E;

    // ---- hit objects (GL_NV/EXT_shader_invocation_reorder; helper E, issue 4) ----
    // srcs[0]: the hit object's deref; `-1` sources after it: the acceleration structure or
    // ray query deref, and last the deref of the payload (`rayPayload*`) or attribute
    // (`hitObjectAttribute*`) variable the call's location names. Optional GLSL arguments
    // absent from a call are 0 (reorder hints and hint bits; the NV miss records' ray flags).
    /// srcs: object, AS, flags, cull mask, SBT offset, SBT stride, miss index, origin, t min,
    /// direction, t max, payload.
    HitObjectTraceRay = "hit_object_trace_ray" [-1, -1, 1, 1, 1, 1, 1, 3, 1, 3, 1, -1] none 0 { } 0;
    /// As `hit_object_trace_ray` with the time before the payload.
    HitObjectTraceRayMotion = "hit_object_trace_ray_motion" [-1, -1, 1, 1, 1, 1, 1, 3, 1, 3, 1, 1, -1] none 0 { } 0;
    /// srcs: object, AS, instance id, primitive id, geometry index, hit kind, SBT offset, SBT
    /// stride, origin, t min, direction, t max, attributes.
    HitObjectRecordHit = "hit_object_record_hit" [-1, -1, 1, 1, 1, 1, 1, 1, 3, 1, 3, 1, -1] none 0 { } 0;
    HitObjectRecordHitMotion = "hit_object_record_hit_motion" [-1, -1, 1, 1, 1, 1, 1, 1, 3, 1, 3, 1, 1, -1] none 0 { } 0;
    /// As `hit_object_record_hit` with one SBT record index instead of offset and stride.
    HitObjectRecordHitWithIndex = "hit_object_record_hit_with_index" [-1, -1, 1, 1, 1, 1, 1, 3, 1, 3, 1, -1] none 0 { } 0;
    HitObjectRecordHitWithIndexMotion = "hit_object_record_hit_with_index_motion" [-1, -1, 1, 1, 1, 1, 1, 3, 1, 3, 1, 1, -1] none 0 { } 0;
    /// srcs: object, ray flags, miss (SBT) index, origin, t min, direction, t max.
    HitObjectRecordMiss = "hit_object_record_miss" [-1, 1, 1, 3, 1, 3, 1] none 0 { } 0;
    HitObjectRecordMissMotion = "hit_object_record_miss_motion" [-1, 1, 1, 3, 1, 3, 1, 1] none 0 { } 0;
    HitObjectRecordEmpty = "hit_object_record_empty" [-1] none 0 { } 0;
    /// srcs: object, ray query, SBT record index, attributes, hit kind.
    HitObjectRecordFromQuery = "hit_object_record_from_query" [-1, -1, 1, -1, 1] none 0 { } 0;
    /// As `hit_object_record_from_query`, the hit kind coming from the query.
    HitObjectRecordFromQueryKind = "hit_object_record_from_query_kind" [-1, -1, 1, -1] none 0 { } 0;
    /// srcs: object, payload.
    HitObjectExecuteShader = "hit_object_execute_shader" [-1, -1] none 0 { } 0;
    /// srcs: object, the attribute variable to fill.
    HitObjectGetAttributes = "hit_object_get_attributes" [-1, -1] none 0 { } 0;
    /// srcs: object, SBT record index.
    HitObjectSetSbtRecordIndex = "hit_object_set_sbt_record_index" [-1, 1] none 0 { } 0;
    /// `reorderThread*`: srcs: object, hint, hint bits.
    HitObjectReorder = "hit_object_reorder" [-1, 1, 1] none 0 { } 0;
    /// `reorderThread*(hint, bits)` without a hit object. `base` 1: the EXT form
    /// (`reorderThreadEXT`; absent for NV, whose other hit-object operations tell the two
    /// apart by their hit object's type).
    ReorderThread = "reorder_thread" [1, 1] none 0 { Base } 0;
    /// srcs: object, hint, hint bits, payload.
    HitObjectReorderExecute = "hit_object_reorder_execute" [-1, 1, 1, -1] none 0 { } 0;
    /// `hit_object_trace_ray` then reorder (hint, bits) and execute: the trace sources, hint,
    /// bits, payload.
    HitObjectTraceReorderExecute = "hit_object_trace_reorder_execute" [-1, -1, 1, 1, 1, 1, 1, 3, 1, 3, 1, 1, 1, -1] none 0 { } 0;
    HitObjectTraceMotionReorderExecute = "hit_object_trace_motion_reorder_execute" [-1, -1, 1, 1, 1, 1, 1, 3, 1, 3, 1, 1, 1, 1, -1] none 0 { } 0;
    /// `hitObjectGet*`/`hitObjectIs*`: srcs: object. `base`: which value
    /// ([`HIT_OBJECT_VALUES`]); `component`: the column of a matrix value.
    HitObjectLoad = "hit_object_load" [-1] value 0 { Base, Component } E;

    // ---- specialization constants (helper E, issue 5) ----
    /// The value of the specialization constant whose `constant_id` is `base`: its default
    /// is in `ShaderInfo::spec_constants`, pipeline creation may replace it. The result has
    /// the constant's bit size and one component.
    LoadSpecConstant = "load_spec_constant" [] value 1 { Base } (E | R);
    /// `gl_WorkGroupSize` when `local_size_*_id` makes it a specialization constant
    /// (`ShaderInfo::local_size` with the dimensions named by `local_size_id` specializable).
    LoadWorkgroupSize = "load_workgroup_size" [] value 3 { } (E | R);

    // ---- lowering gaps (helper C, issue 4) ----
    /// `traceNV` whose payload location names no `rayPayload*` variable of the shader
    /// (GL_NV_ray_tracing's `OpTraceNV` takes the location itself): srcs as `trace_ray`
    /// without the payload; `base`: the payload location.
    TraceRayLocation = "trace_ray_location" [-1, 1, 1, 1, 1, 1, 3, 1, 3, 1] none 0 { Base } 0;
    /// The 64-bit handle (GL_ARB_bindless_texture) of the sampler or image the deref names:
    /// `uint64_t(s)`, and `uvec2(s)` unpacked from it.
    OpaqueHandle = "opaque_handle" [-1] value 1 { } (E | R);
    /// `imageAtomicAdd/Min/Max/Exchange` on `f16vec2`/`f16vec4` texels
    /// (GL_NV_shader_atomic_fp16_vector): srcs as `image_deref_atomic` (image deref,
    /// coordinate, sample, data) with data and result of the intrinsic's `num_components`.
    ImageDerefAtomicVec = "image_deref_atomic_vec" [-1, 4, 1, 0] value 0 { Atomic, Access } 0;
    /// GL_QCOM_image_processing3 `textureGather{4x1,D,H2,V2}QCOM`: srcs: sampler deref,
    /// coordinate (u, v[, layer], zero-padded to 4). `base`: the gather mode (4x1 0, D 1,
    /// H2 2, V2 3, as `OpImageGatherQCOM`); `component`: the component gathered.
    TexGatherQcom = "tex_gather_qcom" [-1, 4] value 4 { Base, Component } (E | R);
    /// The `...OffsetQCOM` forms: srcs as `tex_gather_qcom`, then the offset (`ivec2`).
    TexGatherOffsetQcom = "tex_gather_offset_qcom" [-1, 4, 2] value 4 { Base, Component } (E | R);
    /// GL_QCOM_image_processing / GL_QCOM_image_processing2 (`textureWeightedQCOM`,
    /// `textureBoxFilterQCOM`, `textureBlockMatch{,Window,Gather}{SSD,SAD}QCOM`): `base`
    /// names the operation ([`IMAGE_PROCESSING_QCOM`]); srcs: the GLSL arguments in
    /// order, a sampler argument as its deref, followed by the separate sampler's deref when
    /// it is `sampler2D(texture, sampler)`. The result is a `vec4`.
    ImageProcessingQcom = "image_processing_qcom" [-2] value 4 { Base } (E | R);
    /// GL_EXT_shader_tile_image: `colorAttachmentReadEXT` (`base` 0; srcs: the attachment
    /// deref, then the sample when given), `depthAttachmentReadEXT` (1) and
    /// `stencilAttachmentReadEXT` (2) (srcs: the sample when given). Reads what other
    /// fragments wrote: never moved.
    TileImageRead = "tile_image_read" [-2] value 0 { Base } E;
    /// GL_AMD_shader_fragment_mask: `fragmentMaskFetchAMD` (`base` 0; srcs: the
    /// multisampled texture or subpass input deref, the coordinate) and `fragmentFetchAMD`
    /// (`base` 1; srcs as the mask's, then the fragment index).
    FragmentFetchAmd = "fragment_fetch_amd" [-2] value 0 { Base } (E | R);
    /// GL_NV_shader_texture_footprint `textureFootprint*NV`: the footprint of a lookup,
    /// written to a `gl_TextureFootprint{2D,3D}NV` structure; the result (a boolean) says
    /// whether the lookup reads one level of detail. srcs: the structure's deref (written:
    /// `anchor`, `offset`, `mask`, `lod`, `granularity`), the 2D or 3D sampler's deref, the
    /// coordinate, the granularity (32-bit integer), `coarse` (boolean), then the operands
    /// `base` lists ([`footprint`] bits, in this order: bias, LOD, the two gradients, LOD
    /// clamp), then the separate sampler's deref when the texture is
    /// `sampler2D(texture, sampler)`. Writes memory: never eliminated or moved.
    ImageFootprintNv = "image_footprint_nv" [-2] value 1 { Base } 0;

    // ---- vendor extension types (issue 4; see crate::vendor) ----
    /// An operation on values of a vendor extension type (cooperative matrices and vectors,
    /// long vectors, tensors, small float formats) the IR does not model: `op` names the
    /// GLSL operation; srcs: the deref of the destination, then the operands (derefs or
    /// values). Reads and writes memory: never eliminated or reordered.
    VendorOp = "vendor_op" [-2] none 0 { VendorOp, Callee, Callee2 } 0;
    /// As `vendor_op` with an ordinary scalar or vector result and no destination deref.
    VendorOpValue = "vendor_op_value" [-2] value 0 { VendorOp, Callee, Callee2 } 0;

    // ---- GL_EXT_spirv_intrinsics (issue 5; see crate::spirv_instruction) ----
    /// A call of a `spirv_instruction` prototype without a result: `base` the instruction,
    /// `set` the extended instruction set (absent: a raw instruction), `kinds` the kinds
    /// of the result and sources; srcs: the arguments.
    SpirvInstruction = "spirv_instruction" [-2] none 0 { Base, SpirvSet, SpirvKinds, SpirvCaps, SpirvExts } 0;
    /// As `spirv_instruction` with a scalar or vector result.
    SpirvInstructionValue = "spirv_instruction_value" [-2] value 0 { Base, SpirvSet, SpirvKinds, SpirvCaps, SpirvExts } 0;
}

/// The `base` bits of `image_footprint_nv`: which lookup operands follow its five fixed
/// sources (in the order of the bits).
pub mod footprint {
    /// A LOD bias (`textureFootprintNV(..., bias)`).
    pub const BIAS: i64 = 1;
    /// An explicit LOD (`textureFootprintLodNV`).
    pub const LOD: i64 = 2;
    /// Explicit gradients, two sources (`textureFootprintGrad*NV`).
    pub const GRAD: i64 = 4;
    /// A LOD clamp (`textureFootprintClampNV`, `textureFootprintGradClampNV`).
    pub const MIN_LOD: i64 = 8;

    /// The number of operand sources `base` gives (`None` for an unknown bit).
    pub fn operand_count(base: i64) -> Option<usize> {
        if base & !(BIAS | LOD | GRAD | MIN_LOD) != 0 {
            return None;
        }
        Some(
            usize::from(base & BIAS != 0)
                + usize::from(base & LOD != 0)
                + 2 * usize::from(base & GRAD != 0)
                + usize::from(base & MIN_LOD != 0),
        )
    }
}

// Added for the vendor operations (issue 4).
impl IntrinsicInfo {
    /// Whether the intrinsic takes any number of sources (its table entry is `[-2]`).
    pub fn is_variadic(&self) -> bool {
        self.srcs == [-2]
    }
}

impl Intrinsic {
    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn can_eliminate(self) -> bool {
        self.info().flags & flags::CAN_ELIMINATE != 0
    }

    pub fn can_reorder(self) -> bool {
        self.info().flags & flags::CAN_REORDER != 0
    }
}

impl std::fmt::Display for Intrinsic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The operations of `image_processing_qcom`, by GLSL name: its `base` is a position here.
pub const IMAGE_PROCESSING_QCOM: &[&str] = &[
    "textureWeightedQCOM",
    "textureBoxFilterQCOM",
    "textureBlockMatchSSDQCOM",
    "textureBlockMatchSADQCOM",
    "textureBlockMatchWindowSSDQCOM",
    "textureBlockMatchWindowSADQCOM",
    "textureBlockMatchGatherSSDQCOM",
    "textureBlockMatchGatherSADQCOM",
];

/// The values `rq_load` reads, by its `base` index (after NIR's `nir_ray_query_value`), and
/// the `rayQueryGet*` / `rayQueryIs*` function reading each (without `rayQueryGet` or
/// `rayQuery` and the suffix). Functions writing an `out` array load one element per
/// `component`.
pub const RAY_QUERY_VALUES: &[(&str, &str)] = &[
    ("intersection_type", "IntersectionType"),
    ("intersection_t", "IntersectionT"),
    (
        "intersection_instance_custom_index",
        "IntersectionInstanceCustomIndex",
    ),
    ("intersection_instance_id", "IntersectionInstanceId"),
    (
        "intersection_instance_sbt_index",
        "IntersectionInstanceShaderBindingTableRecordOffset",
    ),
    ("intersection_geometry_index", "IntersectionGeometryIndex"),
    ("intersection_primitive_index", "IntersectionPrimitiveIndex"),
    ("intersection_barycentrics", "IntersectionBarycentrics"),
    ("intersection_front_face", "IntersectionFrontFace"),
    (
        "intersection_candidate_aabb_opaque",
        "IntersectionCandidateAABBOpaque",
    ),
    (
        "intersection_object_ray_direction",
        "IntersectionObjectRayDirection",
    ),
    (
        "intersection_object_ray_origin",
        "IntersectionObjectRayOrigin",
    ),
    ("intersection_object_to_world", "IntersectionObjectToWorld"),
    ("intersection_world_to_object", "IntersectionWorldToObject"),
    ("tmin", "RayTMin"),
    ("flags", "RayFlags"),
    ("world_ray_direction", "WorldRayDirection"),
    ("world_ray_origin", "WorldRayOrigin"),
    (
        "intersection_triangle_vertex_positions",
        "IntersectionTriangleVertexPositions",
    ),
    ("intersection_cluster_id", "IntersectionClusterId"),
    ("intersection_sphere_position", "IntersectionSpherePosition"),
    ("intersection_sphere_radius", "IntersectionSphereRadius"),
    ("intersection_lss_hit_value", "IntersectionLSSHitValue"),
    ("intersection_lss_positions", "IntersectionLSSPositions"),
    ("intersection_lss_radii", "IntersectionLSSRadii"),
    ("is_sphere_hit", "IsSphereHit"),
    ("is_lss_hit", "IsLSSHit"),
];

/// The values `hit_object_load` reads, by its `base` index, and the `hitObjectGet*` /
/// `hitObjectIs*` function reading each (without `hitObject` and the NV/EXT suffix).
pub const HIT_OBJECT_VALUES: &[(&str, &str)] = &[
    ("is_empty", "IsEmpty"),
    ("is_miss", "IsMiss"),
    ("is_hit", "IsHit"),
    ("tmin", "GetRayTMin"),
    ("tmax", "GetRayTMax"),
    ("ray_flags", "GetRayFlags"),
    ("world_ray_origin", "GetWorldRayOrigin"),
    ("world_ray_direction", "GetWorldRayDirection"),
    ("object_ray_origin", "GetObjectRayOrigin"),
    ("object_ray_direction", "GetObjectRayDirection"),
    ("world_to_object", "GetWorldToObject"),
    ("object_to_world", "GetObjectToWorld"),
    ("instance_custom_index", "GetInstanceCustomIndex"),
    ("instance_id", "GetInstanceId"),
    ("geometry_index", "GetGeometryIndex"),
    ("primitive_index", "GetPrimitiveIndex"),
    ("hit_kind", "GetHitKind"),
    ("current_time", "GetCurrentTime"),
    ("sbt_record_index", "GetShaderBindingTableRecordIndex"),
    ("shader_record_buffer_handle", "GetShaderRecordBufferHandle"),
    ("cluster_id", "GetClusterId"),
    ("sphere_position", "GetSpherePosition"),
    ("sphere_radius", "GetSphereRadius"),
    ("is_sphere_hit", "IsSphereHit"),
    ("is_lss_hit", "IsLSSHit"),
    ("lss_positions", "GetLSSPositions"),
    ("lss_radii", "GetLSSRadii"),
    (
        "triangle_vertex_positions",
        "GetIntersectionTriangleVertexPositions",
    ),
];
