//! What a browser draws of Bastards Inc. (BI-VIEW-1..3): the table for one viewer as a scene;
//! every legal action a click on elements of the acting player's scene; no hidden card in a scene.
