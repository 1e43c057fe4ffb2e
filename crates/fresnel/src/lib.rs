pub use fresnel_syntax as syntax;
