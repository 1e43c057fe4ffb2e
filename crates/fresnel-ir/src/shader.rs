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
