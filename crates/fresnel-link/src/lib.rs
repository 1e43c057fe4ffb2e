//! Program linking on Fresnel's IR.
//!
//! A program is the shaders of one pipeline, given in any order; linking works on them in
//! pipeline order (vertex, tessellation control, tessellation evaluation, geometry, fragment;
//! mesh and task likewise; compute alone). [`link_program`] does what a GL driver's linker
//! and glslang's `--auto-map-locations --auto-map-bindings --relaxed` do so that the program
//! can be handed to an API that wants everything explicit (Vulkan, GL_ARB_gl_spirv):
//!
//! - [`locations`]: stage inputs and outputs without a `location` get one; a producer's
//!   output and the consumer's input of the same name get the same one. Vertex inputs and
//!   fragment outputs without one are numbered after the explicit ones (a lone fragment
//!   output goes to 0, as GL assigns it).
//! - [`split_opaque_structs`] (with the default block): a default uniform whose structure
//!   holds opaque members becomes one uniform per opaque leaf (`s.t0`, `s.inner.tn`) and the
//!   structure without them (glslang's relaxed Vulkan mode).
//! - [`lower_atomic_counters`] (with the default block): atomic counters become `uint`
//!   members of storage buffers `gl_AtomicCounterBlock_<binding>`, their operations atomics.
//! - [`lower_default_block`] (optional): the non-opaque uniforms outside blocks become the
//!   members of one `std140` uniform block, `gl_DefaultUniformBlock`, with the same members
//!   and layout in every stage; loads of them become loads of the block's members.
//! - [`bindings`]: samplers, images, uniform and storage blocks without a `binding` get one
//!   in their set (set 0 when none is given); objects of the same name in several stages
//!   share it.
//!
//! [`validate_program`] checks that the units of a program link at all (a GL linker's
//! program-level rules, which [`link_program`] does not apply): the interfaces between
//! adjacent stages ([`link_varyings`]), the layouts tessellation and geometry stages need
//! ([`link_layouts`]), uniforms and blocks across stages ([`link_uniforms`]), with what the
//! front end knows beyond the IR in [`ShaderFacts`]; [`validate_pipeline`] compares the
//! stages of separable programs.
//!
//! Before that, [`link_units`] merges several compilation units of one stage into one
//! shader (functions called in one unit and defined in another, shared globals).
//!
//! Everything assigned is returned in the [`LinkReport`], so a host (a test harness, the
//! `fresnel` CLI) knows where to put attributes and buffers.

pub mod bindings;
pub mod link_layouts;
pub mod link_uniforms;
pub mod link_varyings;
pub mod locations;
pub mod lower_atomic_counters;
pub mod lower_default_block;
pub mod program_facts;
pub mod split_opaque_structs;
pub mod std140;
/// Linking the compilation units of one stage (issue 4).
pub mod units;
pub mod validate_pipeline;
pub mod validate_program;

pub use program_facts::ShaderFacts;
pub use units::{link_units, link_units_named, link_units_with, UnitLinkOptions};
pub use validate_pipeline::validate_pipeline;
pub use validate_program::validate_program;

use fresnel_ir::{Shader, Stage};

/// What to do besides assigning locations and bindings.
#[derive(Clone, Debug, Default)]
pub struct LinkOptions {
    /// Gather the non-opaque default-block uniforms into a uniform block (glslang's
    /// relaxed Vulkan mode); `None` leaves them alone (the OpenGL target).
    pub default_block: Option<DefaultBlockOptions>,
}

/// Where the default uniform block goes (set 0, the lowest free binding by default).
#[derive(Clone, Debug, Default)]
pub struct DefaultBlockOptions {
    pub set: u32,
    /// `None`: the lowest binding of `set` no object of the program uses.
    pub binding: Option<u32>,
}

/// The name of the block [`lower_default_block`] makes.
pub const DEFAULT_BLOCK_NAME: &str = "gl_DefaultUniformBlock";

/// A member of the default uniform block.
#[derive(Clone, Debug, PartialEq)]
pub struct DefaultBlockMember {
    pub name: String,
    /// Byte offset in the block.
    pub offset: u32,
    /// Bytes it takes (std140).
    pub size: u32,
    /// The initializer written in the source, if any (the host should store it).
    pub init: Option<fresnel_ir::Constant>,
}

/// The default uniform block of a linked program.
#[derive(Clone, Debug, PartialEq)]
pub struct DefaultBlock {
    pub set: u32,
    pub binding: u32,
    /// Size in bytes (std140, a multiple of 16).
    pub size: u32,
    pub members: Vec<DefaultBlockMember>,
    /// The block's bytes with the members' initializers written (zero elsewhere): what a
    /// host uploads before setting any uniform.
    pub initial_data: Vec<u8>,
}

/// A resource binding chosen by the linker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    pub name: String,
    pub set: u32,
    pub binding: u32,
}

/// What linking assigned.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LinkReport {
    /// Vertex inputs (of the first stage) and their locations, in declaration order, with
    /// the explicit ones.
    pub attributes: Vec<(String, i32)>,
    /// Fragment outputs (of the last stage) and their locations.
    pub frag_outputs: Vec<(String, i32)>,
    /// Bindings the linker chose (explicit ones are not listed).
    pub bindings: Vec<Binding>,
    pub default_block: Option<DefaultBlock>,
}

/// Why a program does not link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkError {
    pub message: String,
}

impl LinkError {
    pub(crate) fn new(message: impl Into<String>) -> LinkError {
        LinkError {
            message: message.into(),
        }
    }
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LinkError {}

/// The position of a stage in the pipeline.
pub(crate) fn pipeline_rank(s: Stage) -> u8 {
    match s {
        Stage::Task => 0,
        Stage::Mesh => 1,
        Stage::Vertex => 2,
        Stage::TessControl => 3,
        Stage::TessEval => 4,
        Stage::Geometry => 5,
        Stage::Fragment => 6,
        _ => 7,
    }
}

/// Links the shaders of one program in place (see the crate docs). The shaders may come in
/// any order; two shaders of the same graphics stage are an error (ray-tracing shaders of
/// one pipeline may repeat a stage).
pub fn link_program(shaders: &mut [Shader], opts: &LinkOptions) -> Result<LinkReport, LinkError> {
    let mut order: Vec<usize> = (0..shaders.len()).collect();
    order.sort_by_key(|&i| pipeline_rank(shaders[i].stage));
    for w in order.windows(2) {
        if shaders[w[0]].stage == shaders[w[1]].stage && pipeline_rank(shaders[w[0]].stage) < 7 {
            return Err(LinkError::new(format!(
                "two {} shaders in one program",
                shaders[w[0]].stage.name()
            )));
        }
    }
    let mut report = LinkReport::default();
    if let Some(db) = &opts.default_block {
        for sh in shaders.iter_mut() {
            split_opaque_structs::split_opaque_structs(sh)?;
            lower_atomic_counters::lower_atomic_counters(sh)?;
        }
        report.default_block = lower_default_block::lower_default_block(shaders, &order, db)?;
    }
    locations::assign_locations(shaders, &order, &mut report)?;
    bindings::assign_bindings(shaders, &order, &mut report)?;
    Ok(report)
}
